/** The shop's command line: product photographs (docs/shop-cli.md). */
import fs from 'node:fs/promises';
import { nowIso } from '../lib/clock.js';
import { findProductNaming } from '../repositories/product-repository.js';
import { makePhotoSet, PhotoError } from '../services/product-photos.js';
import { removeProductPhoto, saveProductPhoto } from '../repositories/product-photo-repository.js';
import { CliError, type Command, positiveInt, type Target, announceProduct } from './cli-kit.js';

export const photoCommands: Record<string, Command> = {
  async photo(shop, options) {
    const productId = positiveInt(options, 'product', true);
    const product = await findProductNaming(shop.handle.db, productId);
    if (!product) throw new CliError(`Product ${productId} was not found.`);
    const t: Target = { productId, variantId: 0, companyId: product.company_id, branchId: shop.config.defaultBranchId, name: product.name };
    if (options.remove) {
      if (options.file !== undefined) throw new CliError('Give one of --file or --remove.');
      if (!(await removeProductPhoto(shop.handle.db, productId))) throw new CliError(`${product.name} has no photo.`);
      await announceProduct(shop, t, null);
      return shop.out(`${product.name} shows its drawing again.`);
    }
    if (typeof options.file !== 'string' || options.file === '') throw new CliError('Give --file <picture> or --remove.');
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(options.file);
    } catch (error) {
      throw new CliError(`${options.file} could not be read (${error instanceof Error ? error.message : String(error)}).`);
    }
    let set;
    try {
      set = await makePhotoSet(bytes);
    } catch (error) {
      if (error instanceof PhotoError) throw new CliError(error.message);
      throw error;
    }
    await saveProductPhoto(shop.handle.db, productId, set, nowIso());
    await announceProduct(shop, t, null);
    shop.out(`${product.name} has a new photo, ${set.widths.map((w) => `${w}`).join(', ')} px wide in AVIF and WebP.`);
  },
};
