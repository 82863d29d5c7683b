/**
 * The sport/desk-ops module's public API: the only file of `modules/sport/desk-ops/` another module
 * may import. `registerPageBindable` lets a module (the content module) offer its records to the
 * member app's page slots (`bindItems`).
 */
export { deskOpsManifest } from './deskops.manifest.ts';
export { registerPageBindable, type PageBindableLookup } from './deskops.bindables.ts';
