import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { cartView, customersWithProductsInCart } from '../repositories/cart-repository.js';
import * as catalogue from '../repositories/catalogue-repository.js';
import * as sections from '../repositories/catalogue-sections-repository.js';
import type { Category, Product, SpecialCategory } from '../../contract/catalogue.schemas.js';
import type { Cart } from '../../contract/cart.schemas.js';
import type { ListingIndex } from '../repositories/listing-index.js';

type Db = Kysely<Database>;

/**
 * The fresh data the hub pushes, read at the moment of the push through the catalogue and
 * cart repositories (the same reads the API answers with). Tests may hand the hub another
 * implementation. Items pushed to a whole company
 * group never carry a customer's cart quantities (cartQty is 0).
 */
export interface HubData {
  productsByIds(query: { companyId: number; branchId: number; productIds: number[] }): Promise<Product[]>;
  listProducts(query: { companyId: number; branchId: number; pageNumber: number; pageSize: number; search: string | null }): Promise<Product[]>;
  listCategories(companyId: number): Promise<Category[]>;
  listSpecialCategories(companyId: number): Promise<SpecialCategory[]>;
  /** The products of one running offer, or with offerId null of every offer running in the branch. */
  offerProducts(query: { companyId: number; branchId: number; offerId: number | null; pageNumber: number; pageSize: number }): Promise<Product[]>;
  cart(query: { customerId: number; companyId: number; branchId: number; pageNumber: number; pageSize: number }): Promise<Cart>;
  companyExists(companyId: number): Promise<boolean>;
  branchesOf(companyId: number): Promise<number[]>;
  /** Customers whose cart in the branch holds one of the products (their cart view changed). */
  customersWithProducts(branchId: number, productIds: number[]): Promise<{ customerId: number; companyId: number }[]>;
}

/** Reads through the repositories the API uses, so a push shows what a reload would. */
export function createHubData(db: Db, listings?: ListingIndex): HubData {
  return {
    productsByIds: (query) => catalogue.productsByIds(db, query),
    async listProducts({ companyId, branchId, pageNumber, pageSize, search }) {
      return (await catalogue.listProducts(db, { companyId, branchId, pageNumber, pageSize, ...(search ? { search } : {}) }, listings)).items;
    },
    listCategories: (companyId) => sections.listCategories(db, companyId),
    listSpecialCategories: (companyId) => sections.listSpecialCategories(db, companyId),
    async offerProducts({ companyId, branchId, offerId, pageNumber, pageSize }) {
      if (offerId === null) {
        const offers = (await sections.listOffers(db, { companyId, branchId })).map((offer) => ({ offerId: offer.offerId, offerCategoryId: offer.categoryId }));
        return (await catalogue.productsOfOffers(db, { companyId, branchId, pageNumber, pageSize, offers })).items;
      }
      const offer = await sections.findOffer(db, offerId);
      if (offer.state !== 'running' || offer.companyId !== companyId || (offer.branchId !== null && offer.branchId !== branchId)) return [];
      const page = await catalogue.offerProducts(db, { companyId, branchId, pageNumber, pageSize, offerId, offerCategoryId: offer.offer.categoryId });
      return page.items;
    },
    cart: (query) => cartView(db, query) as Promise<Cart>,
    companyExists: (companyId) => sections.companyExists(db, companyId),
    branchesOf: (companyId) => sections.companyBranchIds(db, companyId),
    async customersWithProducts(branchId, productIds) {
      if (productIds.length === 0) return [];
      return customersWithProductsInCart(db, branchId, productIds);
    },
  };
}
