/**
 * The sport/settlement module's public API: the only file of `modules/sport/settlement/` another
 * module may import.
 */
export { settlementManifest } from './settlement.manifest.ts';
