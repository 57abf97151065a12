import type { Art } from './svg-art.js';
import { DELIVERY_CHARGE_SETTING, DELIVERY_OFFER_SETTING, LOYALTY_POINT_VALUE_SETTING, MIN_ORDER_SETTING } from '../../../contract/settings.keys.js';

/** Everything of the demo shop that is not a product: pages, FAQ, coupons, offers and settings. */

export const SETTINGS = [
  { key_code: DELIVERY_OFFER_SETTING, value: '999', active: 1, description: 'Free delivery at or above this order value (rupees)' },
  { key_code: DELIVERY_CHARGE_SETTING, value: '49', active: 1, description: 'Delivery charge below the free-delivery amount (rupees)' },
  { key_code: LOYALTY_POINT_VALUE_SETTING, value: '100', active: 1, description: 'Value of one loyalty point in paise' },
  { key_code: MIN_ORDER_SETTING, value: '199', active: 1, description: 'Smallest order value accepted at checkout (rupees)' },
];

export const PAGES = [
  {
    slug: 'contact-us',
    title: 'Contact Us',
    body:
      'We are a family fish shop at Fort Kochi, online since 2019.\n\n' +
      'Phone and WhatsApp: +91 484 400 1234 (7 am to 9 pm, every day)\n' +
      'Email: care@shoal.example\n\n' +
      'Fort Kochi shop: 12/410 Beach Road, Fort Kochi, Kerala 682001\n' +
      'Kakkanad shop: Infopark Road, Kakkanad, Kerala 682030\n\n' +
      'For an order, keep your order number handy so we can help you faster.',
  },
  {
    slug: 'privacy-policy',
    title: 'Privacy Policy',
    body:
      'We collect your name, mobile number, delivery addresses and order history so that we can deliver your orders and keep your account.\n\n' +
      'Payments are handled by our payment partner; we never see or store your card number.\n\n' +
      'We do not sell your data. We share your address and phone number only with the delivery partner carrying your order.\n\n' +
      'You can ask us to delete your account and data at any time by writing to care@shoal.example.',
  },
  {
    slug: 'terms-and-condition',
    title: 'Terms and Conditions',
    body:
      'Fish is sold by cleaned weight; a whole fish may weigh a little more or less than the pack size, and we never charge for more than you ordered.\n\n' +
      'Prices, offers and stock can differ between our branches and may change without notice until you place an order.\n\n' +
      'Orders are delivered in the slot you choose. If we cannot deliver in that slot we will call you before the slot starts.\n\n' +
      'Coupons cannot be combined, and each coupon has its own minimum order value and limits.',
  },
  {
    slug: 'return-and-refund-policy',
    title: 'Return and Refund Policy',
    body:
      'Fresh fish and seafood can be returned within 48 hours of delivery if it reached you spoiled, damaged or wrong. Please add a photo with your return request.\n\n' +
      'Packed groceries can be returned unopened within 48 hours.\n\n' +
      'Refunds go to your Shoal wallet at once after approval, and can be used on your next order. Online payments for cancelled orders are refunded to the wallet as well.',
  },
];

export const FAQS = [
  [
    'How fresh is the fish?',
    'Our boats land at Fort Kochi and Munambam before dawn. Fish ordered for a morning slot is bought, cleaned and packed the same morning.',
  ],
  [
    'Do you clean and cut the fish?',
    'Yes. Choose the cut on the product page: whole cleaned, curry cut, fry steaks or fillet. Prices shown are for the cleaned weight.',
  ],
  [
    'What are your delivery slots?',
    'We deliver every day in four slots: 7–9 am, 10 am–12 noon, 4–6 pm and 6–8 pm. Pick a slot at checkout up to an hour before it starts.',
  ],
  ['Is there a delivery charge?', 'Delivery is free for orders of ₹999 or more. Below that we charge ₹49 per order.'],
  [
    'Which areas do you deliver to?',
    'Fort Kochi, Mattancherry, Ernakulam town, Kadavanthra, Vyttila, Kakkanad and Edappally. Enter your address at checkout to confirm.',
  ],
  ['How can I pay?', 'Pay online by card, UPI or net banking through our secure payment partner, or use your Shoal wallet and loyalty points.'],
  [
    'Can I cancel my order?',
    'You can cancel from My Orders until the order is packed. Online payments for cancelled orders are refunded to your Shoal wallet.',
  ],
  [
    'What if something is not right with my order?',
    'Raise a return from the order page within 48 hours with a photo. We will refund the item to your wallet after checking.',
  ],
  ['How do loyalty points work?', 'You earn points on delivered orders. Each point is worth ₹1 and can be used at checkout.'],
  [
    'Why do prices differ between branches?',
    'Each branch buys its own catch every morning, so prices and stock can differ a little between Fort Kochi and Kakkanad.',
  ],
] as const;

export const RETURN_REASONS = [
  ['RETURN', 'Item reached spoiled or not fresh'],
  ['RETURN', 'Wrong item delivered'],
  ['RETURN', 'Item missing from the order'],
  ['RETURN', 'Wrong cut or cleaning'],
  ['RETURN', 'Quantity less than ordered'],
  ['CANCEL', 'Ordered by mistake'],
  ['CANCEL', 'Delivery slot no longer suits me'],
  ['CANCEL', 'Want to change items in the order'],
  ['CANCEL', 'Found a better price elsewhere'],
  ['CANCEL', 'Other reason'],
] as const;

const DAY = 24 * 3600 * 1000;

export function coupons(now: number) {
  const from = new Date(now - 30 * DAY).toISOString();
  const to = new Date(now + 365 * DAY).toISOString();
  return [
    {
      code: 'WELCOME50',
      title: '₹50 off your first order',
      description: 'Flat ₹50 off on orders of ₹499 or more. Once per customer.',
      discount_type: 'FLAT' as const,
      discount_value: 5000,
      max_discount: null,
      min_order: 49900,
      per_customer_limit: 1,
      valid_from: from,
      valid_to: to,
      active: 1,
    },
    {
      code: 'FISH10',
      title: '10% off fresh fish',
      description: '10% off up to ₹150 on orders of ₹299 or more.',
      discount_type: 'PERCENT' as const,
      discount_value: 10,
      max_discount: 15000,
      min_order: 29900,
      per_customer_limit: 3,
      valid_from: from,
      valid_to: to,
      active: 1,
    },
    {
      code: 'WEEKEND100',
      title: '₹100 off big baskets',
      description: 'Flat ₹100 off on orders of ₹1,499 or more.',
      discount_type: 'FLAT' as const,
      discount_value: 10000,
      max_discount: null,
      min_order: 149900,
      per_customer_limit: 2,
      valid_from: from,
      valid_to: to,
      active: 1,
    },
    {
      code: 'MONSOON20',
      title: 'Monsoon sale',
      description: '20% off up to ₹200. This sale has ended.',
      discount_type: 'PERCENT' as const,
      discount_value: 20,
      max_discount: 20000,
      min_order: 49900,
      per_customer_limit: 1,
      valid_from: new Date(now - 120 * DAY).toISOString(),
      valid_to: new Date(now - 60 * DAY).toISOString(),
      active: 1,
    },
    {
      code: 'ONAM100',
      title: 'Onam special',
      description: 'Flat ₹100 off, paused by the shop.',
      discount_type: 'FLAT' as const,
      discount_value: 10000,
      max_discount: null,
      min_order: 79900,
      per_customer_limit: 1,
      valid_from: from,
      valid_to: to,
      active: 0,
    },
  ];
}

export interface SpecialSeed {
  id: number;
  name: string;
  description: string;
  active: number;
  tint: string;
  art: Art;
  products: string[];
}

export const SPECIAL_CATEGORIES: SpecialSeed[] = [
  {
    id: 1,
    name: 'Today’s Catch',
    description: 'Landed this morning at Fort Kochi harbour',
    active: 1,
    tint: '#b3e5fc',
    art: { kind: 'fish', shape: 'slim', body: '#4f7f8f', belly: '#e0e6e8', fin: '#2e4f5a', stripes: 5 },
    products: ['mackerel', 'sardine', 'seer-fish', 'red-snapper', 'white-prawns', 'karimeen', 'anchovy', 'trevally', 'indian-salmon'],
  },
  {
    id: 2,
    name: 'Bestsellers',
    description: 'What Kochi orders most',
    active: 1,
    tint: '#ffe0b2',
    art: { kind: 'prawn', color: '#ff7043' },
    products: ['seer-fish', 'tiger-prawns', 'black-pomfret', 'matta-rice', 'fish-curry-masala', 'mud-crab', 'squid', 'coconut-oil', 'grouper'],
  },
  {
    id: 3,
    name: 'Kerala Specials',
    description: 'Pollichathu, chammanthi and more',
    active: 1,
    tint: '#c8e6c9',
    art: { kind: 'fillet', color: '#8d6e63', garnish: '#43a047' },
    products: ['karimeen', 'pollichathu-kit', 'kudampuli', 'dry-prawns', 'murrel', 'puttu-podi', 'prawn-pickle', 'mussels'],
  },
  {
    id: 4,
    name: 'Festive Hampers',
    description: 'Seasonal boxes, back soon',
    active: 0,
    tint: '#f8bbd0',
    art: { kind: 'bag', color: '#ad1457', label: 'Hamper' },
    products: ['prawn-biryani-kit'],
  },
];

export interface OfferSeed {
  id: number;
  title: string;
  description: string;
  badge: string;
  branchId: number | null;
  categoryKey: string | null;
  products: string[];
  active: number;
  /** Days relative to seeding. */
  startsInDays: number;
  endsInDays: number;
  from: string;
  to: string;
  art: Art;
}

export const OFFERS: OfferSeed[] = [
  {
    id: 1,
    title: 'Seafood Fest',
    description: 'Up to 15% off prawns, squid and crabs',
    badge: 'UP TO 15% OFF',
    branchId: null,
    categoryKey: null,
    products: ['tiger-prawns', 'white-prawns', 'squid', 'sea-crab', 'mud-crab', 'prawn-pickle'],
    active: 1,
    startsInDays: -3,
    endsInDays: 365,
    from: '#e65100',
    to: '#ff8a65',
    art: { kind: 'prawn', color: '#fff3e0' },
  },
  {
    id: 2,
    title: 'Fresh Catch Savers',
    description: 'Daily fish at everyday low prices',
    badge: 'SAVE 12%',
    branchId: null,
    categoryKey: null,
    products: ['mackerel', 'seer-fish', 'white-pomfret', 'trevally', 'karimeen', 'seer-fry-marinated'],
    active: 1,
    startsInDays: -1,
    endsInDays: 365,
    from: '#0d47a1',
    to: '#42a5f5',
    art: { kind: 'fish', shape: 'slim', body: '#e3f2fd', belly: '#ffffff', fin: '#90caf9', stripes: 4 },
  },
  {
    id: 3,
    title: 'Masala Week',
    description: '15% off our own fish masalas',
    badge: '15% OFF',
    branchId: null,
    categoryKey: 'masala',
    products: [],
    active: 1,
    startsInDays: -2,
    endsInDays: 365,
    from: '#b71c1c',
    to: '#ef5350',
    art: { kind: 'pack', color: '#fff8e1', label: 'Fish Masala' },
  },
  {
    id: 4,
    title: 'Kakkanad Pantry',
    description: 'Rice, oil and pickles for the Kakkanad branch',
    badge: 'BRANCH SPECIAL',
    branchId: 2,
    categoryKey: null,
    products: ['matta-rice', 'coconut-oil', 'prawn-pickle', 'dry-prawns'],
    active: 1,
    startsInDays: -1,
    endsInDays: 365,
    from: '#1b5e20',
    to: '#66bb6a',
    art: { kind: 'bag', color: '#fff8e1', label: 'Pantry' },
  },
  {
    id: 5,
    title: 'Monsoon Sale',
    description: 'This sale has ended',
    badge: '20% OFF',
    branchId: null,
    categoryKey: null,
    products: ['sardine'],
    active: 1,
    startsInDays: -120,
    endsInDays: -60,
    from: '#37474f',
    to: '#78909c',
    art: { kind: 'fish', shape: 'slim', body: '#eceff1', belly: '#ffffff', fin: '#b0bec5' },
  },
  {
    id: 6,
    title: 'Onam Sadya Box',
    description: 'Paused by the shop',
    badge: 'ONAM',
    branchId: null,
    categoryKey: null,
    products: ['coconut'],
    active: 0,
    startsInDays: -1,
    endsInDays: 365,
    from: '#f9a825',
    to: '#fff176',
    art: { kind: 'produce', item: 'coconut' },
  },
];
