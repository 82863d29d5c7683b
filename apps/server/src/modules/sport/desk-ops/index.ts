/**
 * The sport/desk-ops module's public API: the only file of `modules/sport/desk-ops/` another module
 * may import.
 */
export { deskOpsManifest } from './deskops.manifest.ts';
