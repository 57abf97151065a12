import fs from 'node:fs';
import path from 'node:path';
import { CATEGORIES, PRODUCTS, imagePath } from './catalogue-data.js';
import { OFFERS, SPECIAL_CATEGORIES } from './shop-data.js';
import { bannerSvg, logoSvg, pictureSvg } from './svg-art.js';

/**
 * Writes the demo catalogue's pictures into server/assets/images. Run once after changing the
 * catalogue data or the drawings, and commit the files:
 *   node --import tsx server/db/seed/make-images.ts
 */
const root = path.join(import.meta.dirname, '..', '..', 'assets', 'images');

function write(publicPath: string, svg: string): void {
  const file = path.join(root, publicPath.replace(/^\/images\//, ''));
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, svg);
}

const tintOf = new Map(CATEGORIES.map((c) => [c.key, c.tint]));
let count = 0;
for (const category of CATEGORIES) {
  write(imagePath.category(category.key), pictureSvg(category.art, category.tint, `c${category.id}`));
  count += 1;
}
for (const [index, product] of PRODUCTS.entries()) {
  write(imagePath.product(product.key), pictureSvg(product.art, tintOf.get(product.category) ?? '#eceff1', `p${index}`));
  count += 1;
}
for (const special of SPECIAL_CATEGORIES) {
  write(imagePath.special(special.id), pictureSvg(special.art, special.tint, `s${special.id}`));
  count += 1;
}
for (const offer of OFFERS) {
  write(
    imagePath.offer(offer.id),
    bannerSvg({ title: offer.title, subtitle: offer.description, badge: offer.badge, from: offer.from, to: offer.to, art: offer.art, id: `o${offer.id}` }),
  );
  count += 1;
}
write(imagePath.logo, logoSvg());
console.log(`wrote ${count + 1} pictures under ${root}`);
