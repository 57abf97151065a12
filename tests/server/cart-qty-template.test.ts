import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import Fastify, { type FastifyInstance } from 'fastify';
import { cartQtyTemplate, fillCartQtys } from '../../server/routes/caller-pages.js';
import { withCartQuantities } from '../../server/repositories/product-rows.js';
import { ProductSchema, type Product, type ProductVariant } from '../../contract/catalogue.schemas.js';

type Serialize = (product: Product) => string;

let app: FastifyInstance;
let serialize: Serialize;

/** The product serializer a route gets from Fastify, as the signed-in answers use it. */
beforeAll(async () => {
  app = Fastify();
  app.get('/serializer', async (_request, reply) => {
    serialize = reply.compileSerializationSchema(ProductSchema) as Serialize;
    return 'ok';
  });
  await app.inject({ method: 'GET', url: '/serializer' });
});
afterAll(async () => {
  await app.close();
});

/** Text a shop might type, with what JSON must escape and what looks like the marked key. */
const text = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ unit: 'binary', maxLength: 8 }),
  fc.constantFrom('"cartQty":1000000001', '\\"cartQty\\":1000000000', '"cartQty":', 'cartQty', '"', '\\', '₹1,234.50'),
);
const rate = fc.oneof(fc.constant(0), fc.double({ min: 1, max: 5000, noNaN: true }), fc.integer({ min: 1, max: 5000 }));
const qty = fc.integer({ min: 0, max: 1500 });

const variant: fc.Arbitrary<ProductVariant> = fc.record(
  {
    variantId: fc.integer({ min: 1, max: 50 }),
    name: text,
    active: fc.boolean(),
    sRate: rate,
    oRate: fc.option(rate, { nil: null }),
    isStockAvailable: fc.boolean(),
    stockQty: qty,
    cartQty: fc.constant(0),
    grossGrams: fc.integer({ min: 1, max: 5000 }),
    netGrams: fc.integer({ min: 1, max: 5000 }),
    pieces: text,
    serves: text,
    pricePerKg: rate,
  },
  { requiredKeys: ['variantId', 'name', 'active', 'sRate', 'oRate', 'isStockAvailable', 'stockQty', 'cartQty'] },
);

const product: fc.Arbitrary<Product> = fc
  .record(
    {
      productId: fc.integer({ min: 1, max: 100_000 }),
      name: text,
      description: text,
      image: text,
      categoryId: fc.integer({ min: 1, max: 99 }),
      categoryName: text,
      unitLabel: text,
      active: fc.boolean(),
      variants: fc.uniqueArray(variant, { maxLength: 5, selector: (v) => v.variantId }),
      variantName: text,
      variantActive: fc.boolean(),
      isStockAvailable: fc.boolean(),
      stockQty: qty,
      sRate: rate,
      oRate: fc.option(rate, { nil: null }),
      rating: fc.double({ min: 1, max: 5, noNaN: true }),
      ratingCount: fc.integer({ min: 1, max: 900 }),
      photo: fc.record({ avif: text, webp: text, src: text }),
      pieces: text,
      serves: text,
    },
    {
      requiredKeys: [
        'productId',
        'name',
        'description',
        'image',
        'categoryId',
        'categoryName',
        'unitLabel',
        'active',
        'variants',
        'variantName',
        'variantActive',
        'isStockAvailable',
        'stockQty',
        'sRate',
        'oRate',
      ],
    },
  )
  .chain((p) =>
    fc.record({
      base: fc.constant(p),
      selected: p.variants.length === 0 ? fc.constant(0) : fc.constantFrom(...p.variants.map((v) => v.variantId)),
    }),
  )
  .map(({ base, selected }) => ({ ...base, isVariantEnabled: base.variants.length > 0, variantId: selected, cartQty: 0 }));

/** A cart holding some of the product's lines, and lines of other products. */
const cartFor = (p: Product) =>
  fc
    .array(fc.tuple(fc.constantFrom(p.variantId, ...p.variants.map((v) => v.variantId), 99), fc.integer({ min: 0, max: 1500 })), { maxLength: 6 })
    .map((lines) => new Map<string, number>([...lines.map(([v, q]) => [`${p.productId}:${v}`, q] as const), [`${p.productId + 1}:0`, 3]]));

describe("a product's JSON with a customer's cart quantities", () => {
  it('is byte for byte what the route serializer writes for the product with their quantities, whatever its text holds', () => {
    fc.assert(
      fc.property(
        product.chain((p) => fc.tuple(fc.constant(p), cartFor(p))),
        ([p, cart]) => {
          const template = cartQtyTemplate(serialize, p);
          expect(template).not.toBeNull();
          if (!template) return;
          expect(template.lines).toHaveLength(1 + p.variants.length);
          const filled = Buffer.concat(fillCartQtys(template, (variantId) => cart.get(`${p.productId}:${variantId}`) ?? 0));
          const [theirs] = withCartQuantities([p], cart);
          expect(filled.toString('utf8')).toBe(serialize(theirs as Product));
          expect(JSON.parse(filled.toString('utf8'))).toEqual(JSON.parse(serialize(theirs as Product)));
        },
      ),
      { numRuns: 400 },
    );
  });

  it('with no line in the cart, is the product as every visitor gets it', () => {
    fc.assert(
      fc.property(product, (p) => {
        const template = cartQtyTemplate(serialize, p);
        expect(template && Buffer.concat(fillCartQtys(template, () => 0)).toString('utf8')).toBe(serialize(p));
      }),
      { numRuns: 100 },
    );
  });

  it('is refused, for the route to serialize the product itself, when its quantities cannot all be found', () => {
    const p: Product = {
      productId: 7,
      name: 'Seer fish',
      description: '',
      image: '',
      categoryId: 1,
      categoryName: 'Fish',
      unitLabel: 'kg',
      active: true,
      isVariantEnabled: true,
      variantId: 2,
      variantName: '500 g',
      variantActive: true,
      isStockAvailable: true,
      stockQty: 4,
      sRate: 450,
      oRate: null,
      cartQty: 0,
      variants: [{ variantId: 2, name: '500 g', active: true, sRate: 450, oRate: null, isStockAvailable: true, stockQty: 4, cartQty: 0 }],
    };
    expect(cartQtyTemplate(serialize, p)?.lines).toEqual([2, 2]);
    // A serializer that leaves the variants out writes one quantity of the two.
    const withoutVariants: Serialize = (q) => serialize({ ...q, variants: [] });
    expect(cartQtyTemplate(withoutVariants, p)).toBeNull();
    // One that writes a quantity twice.
    const twice: Serialize = (q) => serialize({ ...q, variants: [...q.variants, ...q.variants] });
    expect(cartQtyTemplate(twice, p)).toBeNull();
  });
});
