/**
 * Every shortest path of the delivery-slot-picker path model (tests/paths/delivery-slot-picker.paths.ts), replayed in
 * Chromium against the real server. `npm run test:paths -- --list --machine delivery-slot-picker`.
 */
import { replayInBrowser, withCustomer } from '../paths/browser-world.js';
import { slotPickerDriver, prepareSlotPickerShop } from '../paths/delivery-slot-picker.driver.js';
import { slotPickerPaths } from '../paths/delivery-slot-picker.paths.js';

replayInBrowser(slotPickerPaths, {
  prepare: withCustomer(prepareSlotPickerShop),
  driver: slotPickerDriver,
});
