import { fromPromise } from 'xstate';
import { productListMachine, type ListQuery, type PageRequest, type ProductListEvent } from '../../machines/product-list.machine';
import { productDetailMachine, type DetailRequest, type ProductDetailEvent } from '../../machines/product-detail.machine';
import { getOfferProducts, getProductDetail, getProducts, getSpecialProducts } from '../api/catalogue';
import type { Paged, Product } from '../../contract/catalogue.schemas';
import { liveFeed } from './browsing-actors';
import { currentShop } from './shop-context';

// The machines of the product pages with their effects: loaded with those pages, not with the home page.

function numberOf(value: ListQuery[string]): number | undefined {
  return typeof value === 'number' ? value : undefined;
}

function stringOf(value: ListQuery[string]): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function listLogic(fetchPage: (request: PageRequest) => Promise<Paged<Product>>, feed: 'home.productUpdate' | 'offer.productUpdate') {
  return productListMachine.provide({
    actors: {
      fetchPage: fromPromise(({ input }) => fetchPage(input)),
      liveUpdates: liveFeed<ProductListEvent>({ [feed]: (items: Product[]) => ({ type: 'list.productUpdate', items }) }, { type: 'list.catchUp' }),
    },
  });
}

/** /product: query { categoryId?: number, search?: string }. */
export const productListLogic = listLogic(({ query, pageNumber, pageSize }) => {
  const { companyId, branchId } = currentShop();
  return getProducts({ companyId, branchId, categoryId: numberOf(query.categoryId), search: stringOf(query.search), pageNumber, pageSize });
}, 'home.productUpdate');

/** /product/special_products: query { specialCategoryId: number }. */
export const specialProductsLogic = listLogic(
  ({ query, pageNumber, pageSize }) => getSpecialProducts(numberOf(query.specialCategoryId) ?? 0, { branchId: currentShop().branchId, pageNumber, pageSize }),
  'home.productUpdate',
);

/** /product/offer_products: query { offerId: number, categoryId?: number, search?: string }. */
export const offerProductsLogic = listLogic(
  ({ query, pageNumber, pageSize }) =>
    getOfferProducts(numberOf(query.offerId) ?? 0, {
      branchId: currentShop().branchId,
      categoryId: numberOf(query.categoryId),
      search: stringOf(query.search),
      pageNumber,
      pageSize,
    }),
  'offer.productUpdate',
);

export const productDetailLogic = productDetailMachine.provide({
  actors: {
    fetchDetail: fromPromise(({ input }: { input: DetailRequest }) =>
      getProductDetail(input.productId, { branchId: currentShop().branchId, variantId: input.variantId }),
    ),
    liveUpdates: liveFeed<ProductDetailEvent>({ 'product.detailsUpdate': (items) => ({ type: 'detail.update', items }) }, { type: 'detail.catchUp' }),
  },
});
