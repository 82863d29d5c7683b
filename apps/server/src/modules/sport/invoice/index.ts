/**
 * The sport/invoice module's public API: the only file of `modules/sport/invoice/` another module
 * may import (tests, the bench and browser tests may also import the platform simulator through it).
 */

// ---------------------------------------------------------------- the module's manifest (modules/modules.ts lists it)
export { invoiceManifest } from './invoice.manifest.ts';

// ---------------------------------------------------------------- the e-invoice platform's local simulator (tests, the bench, browser tests)
export { startEinvoiceSimulator, type EinvoiceSimHandle } from './einvoice.sim.ts';
export { putPlatform } from './invoice.repository.ts';
