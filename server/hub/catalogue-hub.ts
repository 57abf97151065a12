import type { CatalogueChange, CustomerChange } from './live-updates.js';
import { HubMethodError, type HubConnection } from './hub-connection.js';
import type { InvocationMessage } from './hub-messages.js';
import type { HubEnvelope } from './hub-backplane.js';
import type { HubData } from './hub-data.js';
import { CATALOGUE_UPDATE_TYPES, RECEIVE_METHOD, type CatalogueUpdateType } from '../../contract/hub-events.js';

type CatalogueType = CatalogueUpdateType;

/** Cart refresh defaults (section 9: 10 items from index 1). */
export const CART_PAGE_NUMBER = 1;
export const CART_PAGE_SIZE = 10;
const CATALOGUE_PAGE_SIZE = 20;
const MAX_PAGE_SIZE = 100;

export const ANOTHER_CUSTOMER = 'You may not access another customer’s data.';
export const LOGIN_REQUIRED = 'Please log in to receive your cart.';

export interface CatalogueHubDeps {
  data: HubData;
  publish(envelope: HubEnvelope): Promise<void>;
  joinCompany(connection: HubConnection, companyId: number): void;
  defaultBranchId: number;
}

function isCatalogueType(value: string): value is CatalogueType {
  return (CATALOGUE_UPDATE_TYPES as readonly string[]).includes(value);
}

/** A nullable whole-number argument; browsers may send ids as strings. */
function optionalInt(value: unknown, name: string, min = 1, max = 2 ** 31 - 1): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = typeof value === 'string' && /^\s*\d+\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < min || number > max) {
    throw new HubMethodError(`${name} must be a whole number from ${min} to ${max}.`);
  }
  return number;
}

function optionalText(value: unknown, name: string, maxLength = 100): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value !== 'string' || value.length > maxLength) throw new HubMethodError(`${name} must be text of at most ${maxLength} characters.`);
  return value.trim() || null;
}

/**
 * The hub's methods (JoinCompanyGroup, SendCatalogueUpdate) and the server's own pushes.
 * Catalogue data goes to a company group; anything about a customer goes only to that
 * customer's authenticated connections, whatever ids the caller names.
 */
export function createCatalogueHub(deps: CatalogueHubDeps) {
  const { data, publish } = deps;

  async function assertCompany(companyId: number): Promise<void> {
    if (!(await data.companyExists(companyId))) throw new HubMethodError(`Company ${companyId} was not found.`);
  }

  async function catalogueItems(
    type: CatalogueType,
    q: { companyId: number; branchId: number; id: number | null; pageNumber: number; pageSize: number; search: string | null },
  ) {
    switch (type) {
      case 'SpecialCategory':
        return data.listSpecialCategories(q.companyId);
      case 'Category':
        return data.listCategories(q.companyId);
      case 'Product':
        return q.id !== null ? data.productsByIds({ companyId: q.companyId, branchId: q.branchId, productIds: [q.id] }) : data.listProducts(q);
      // Without an id: the branch's listed products of that page, so every open detail among them refreshes.
      case 'ProductDetails':
        return q.id !== null ? data.productsByIds({ companyId: q.companyId, branchId: q.branchId, productIds: [q.id] }) : data.listProducts(q);
      // Without an id: that page of the products of every offer running in the branch.
      case 'OfferProducts':
        return data.offerProducts({ ...q, offerId: q.id });
    }
  }

  async function pushCart(customerId: number, companyId: number, branchId: number, pageNumber = CART_PAGE_NUMBER, pageSize = CART_PAGE_SIZE) {
    const cart = await data.cart({ customerId, companyId, branchId, pageNumber, pageSize });
    await publish({ scope: 'customer', id: customerId, target: RECEIVE_METHOD, args: ['CartDetails', cart] });
  }

  const methodTable: Record<string, (connection: HubConnection, args: unknown[]) => Promise<unknown>> = {
    async joincompanygroup(connection, [companyIdArg]) {
      const companyId = optionalInt(companyIdArg, 'companyId');
      if (companyId === null) throw new HubMethodError('companyId is required.');
      await assertCompany(companyId);
      deps.joinCompany(connection, companyId);
      return null;
    },

    async sendcatalogueupdate(connection, args) {
      const [typeArg, companyIdArg, branchIdArg, customerIdArg, idArg, indexArg, numOfItemsArg, , , , searchArg] = args;
      if (typeof typeArg !== 'string') throw new HubMethodError('type is required.');
      if (!connection.allowUpdateRequest()) throw new HubMethodError('Too many update requests. Please try again shortly.');
      const branchArg = optionalInt(branchIdArg, 'branchId');
      const pageNumber = optionalInt(indexArg, 'index') ?? 1;
      const requestedSize = optionalInt(numOfItemsArg, 'numOfItems', 1, MAX_PAGE_SIZE);

      if (typeArg === 'CartDetails') {
        const principal = connection.principal;
        if (!principal) throw new HubMethodError(LOGIN_REQUIRED);
        const customerId = optionalInt(customerIdArg, 'customerId');
        const companyId = optionalInt(companyIdArg, 'companyId');
        if ((customerId !== null && customerId !== principal.customerId) || (companyId !== null && companyId !== principal.companyId)) {
          throw new HubMethodError(ANOTHER_CUSTOMER);
        }
        await pushCart(principal.customerId, principal.companyId, branchArg ?? deps.defaultBranchId, pageNumber, requestedSize ?? CART_PAGE_SIZE);
        return null;
      }
      if (!isCatalogueType(typeArg)) throw new HubMethodError(`'${typeArg}' is not an update type the hub sends on request.`);
      const companyId = optionalInt(companyIdArg, 'companyId') ?? connection.companyId;
      if (companyId === null) throw new HubMethodError('companyId is required.');
      await assertCompany(companyId);
      const branchId = branchArg ?? deps.defaultBranchId;
      const items = await catalogueItems(typeArg, {
        companyId,
        branchId,
        id: optionalInt(idArg, 'id'),
        pageNumber,
        pageSize: requestedSize ?? CATALOGUE_PAGE_SIZE,
        search: optionalText(searchArg, 'search'),
      });
      await publish({ scope: 'company', id: companyId, target: RECEIVE_METHOD, args: [typeArg, { BranchId: branchId, Items: items }] });
      return null;
    },
  };

  // Own entries only: a name like 'constructor' or '__proto__' is as unknown as any other.
  const methods = new Map(Object.entries(methodTable));

  return {
    /** Runs one invocation; method names are case-insensitive, as in SignalR. */
    async invoke(connection: HubConnection, message: InvocationMessage): Promise<unknown> {
      const method = methods.get(message.target.toLowerCase());
      if (!method) throw new HubMethodError(`Unknown hub method '${message.target}'.`);
      return method(connection, message.arguments);
    },

    /** A change announced through app.live: fresh items to the company group, fresh carts to holders. */
    async pushCatalogueChange(change: CatalogueChange): Promise<void> {
      const branches = change.branchId !== null ? [change.branchId] : await data.branchesOf(change.companyId);
      for (const branchId of branches) {
        let items: unknown[];
        if (change.type === 'Category') items = await data.listCategories(change.companyId);
        else if (change.type === 'SpecialCategory') items = await data.listSpecialCategories(change.companyId);
        else items = await data.productsByIds({ companyId: change.companyId, branchId, productIds: change.ids });
        if (items.length === 0 && change.ids.length > 0 && change.type !== 'Category' && change.type !== 'SpecialCategory') continue;
        await publish({ scope: 'company', id: change.companyId, target: RECEIVE_METHOD, args: [change.type, { BranchId: branchId, Items: items }] });
        if (change.type === 'Product') {
          for (const holder of await data.customersWithProducts(branchId, change.ids)) {
            if (holder.companyId === change.companyId) await pushCart(holder.customerId, holder.companyId, branchId);
          }
        }
      }
    },

    async pushCustomerChange(change: CustomerChange): Promise<void> {
      await publish({ scope: 'customer', id: change.customerId, target: RECEIVE_METHOD, args: [change.type, change.data] });
    },
  };
}

export type CatalogueHub = ReturnType<typeof createCatalogueHub>;
