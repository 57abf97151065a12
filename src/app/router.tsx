import { lazy, Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, Route, Routes, useLocation, useNavigate } from 'react-router';
import { RootLayout } from './root-layout';
import { RouteErrorBoundary } from '../components/route-error-view';
import { PageLoading } from '../components/status-views';
import { redirectIfLoggedIn, requireCustomerId, requireToken, type Guard } from './guards';
import { setAuthNavigator } from './auth-actors';
// The landing page ships with the app (one round trip less on a phone); every other page is lazy.
import { HomePage } from '../pages/home-page';

type PageModule = Promise<Record<string, unknown>>;

/** A page loaded on first visit; a page file exports its component by name. */
function page(load: () => PageModule, name: string): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

const ProductListPage = page(() => import('../pages/product-list-page'), 'ProductListPage');
const SpecialProductsPage = page(() => import('../pages/special-products-page'), 'SpecialProductsPage');
const ProductDetailPage = page(() => import('../pages/product-detail-page'), 'ProductDetailPage');
const OfferProductsPage = page(() => import('../pages/offer-products-page'), 'OfferProductsPage');
const FaqPage = page(() => import('../pages/faq-page'), 'FaqPage');
const ContactUsPage = page(() => import('../pages/info-pages'), 'ContactUsPage');
const PrivacyPolicyPage = page(() => import('../pages/info-pages'), 'PrivacyPolicyPage');
const TermsPage = page(() => import('../pages/info-pages'), 'TermsPage');
const ReturnPolicyPage = page(() => import('../pages/info-pages'), 'ReturnPolicyPage');
const CartPage = page(() => import('../pages/cart-page'), 'CartPage');
const LoginPage = page(() => import('../pages/login-page'), 'LoginPage');
const ProfilePage = page(() => import('../pages/account/profile-page'), 'ProfilePage');
const MyOrdersPage = page(() => import('../pages/account/my-orders-page'), 'MyOrdersPage');
const OrderDetailPage = page(() => import('../pages/account/order-detail-page'), 'OrderDetailPage');
const ManageAddressPage = page(() => import('../pages/account/manage-address-page'), 'ManageAddressPage');
const WalletPage = page(() => import('../pages/account/wallet-page'), 'WalletPage');
const CheckoutPage = page(() => import('../pages/account/checkout-page'), 'CheckoutPage');
const NotFoundPage = page(() => import('../components/not-found-view'), 'NotFoundView');

/** Renders the child routes only while the guard lets the visitor in; otherwise replaces the address with its redirect. */
function Guarded({ guard }: { guard: Guard }) {
  const to = guard();
  return to === null ? <Outlet /> : <Navigate to={to} replace />;
}

/** A lazily loaded page: the layout stays on screen while its code arrives. */
function Lazy({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{children}</Suspense>;
}

/** Hands the router's navigate to the session flow (a timeout sends the visitor to '/'). */
function SessionNavigator() {
  const navigate = useNavigate();
  useEffect(() => setAuthNavigator((to) => void navigate(to)), [navigate]);
  return null;
}

/** Every route of the shop (spec section 2); render inside a BrowserRouter. */
export function AppRoutes() {
  const { pathname } = useLocation();
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <SessionNavigator />
      <Routes>
        <Route path="/" element={<RootLayout />}>
          <Route index element={<HomePage />} />
          <Route path="home" element={<HomePage />} />
          <Route path="product" element={<Lazy><ProductListPage /></Lazy>} />
          <Route path="product/special_products" element={<Lazy><SpecialProductsPage /></Lazy>} />
          <Route path="product/product_detail" element={<Lazy><ProductDetailPage /></Lazy>} />
          <Route path="product/offer_products" element={<Lazy><OfferProductsPage /></Lazy>} />
          <Route path="FAQ" element={<Lazy><FaqPage /></Lazy>} />
          <Route path="contact-us" element={<Lazy><ContactUsPage /></Lazy>} />
          <Route path="privacy-policy" element={<Lazy><PrivacyPolicyPage /></Lazy>} />
          <Route path="terms-and-condition" element={<Lazy><TermsPage /></Lazy>} />
          <Route path="return-and-refund-policy" element={<Lazy><ReturnPolicyPage /></Lazy>} />
          <Route element={<Guarded guard={requireCustomerId} />}>
            <Route path="cart" element={<Lazy><CartPage /></Lazy>} />
          </Route>
          <Route element={<Guarded guard={redirectIfLoggedIn} />}>
            <Route path="auth/login" element={<Lazy><LoginPage /></Lazy>} />
          </Route>
          <Route path="user_account" element={<Guarded guard={requireToken} />}>
            <Route path="user_profile" element={<Lazy><ProfilePage /></Lazy>} />
            <Route path="my_order" element={<Lazy><MyOrdersPage /></Lazy>} />
            <Route path="my_order/order-detail" element={<Lazy><OrderDetailPage /></Lazy>} />
            <Route path="manage_address" element={<Lazy><ManageAddressPage /></Lazy>} />
            <Route path="customer_wallet" element={<Lazy><WalletPage /></Lazy>} />
            <Route path="check_out" element={<Lazy><CheckoutPage /></Lazy>} />
          </Route>
          <Route path="*" element={<Lazy><NotFoundPage /></Lazy>} />
        </Route>
      </Routes>
    </RouteErrorBoundary>
  );
}
