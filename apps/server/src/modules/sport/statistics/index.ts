/**
 * The sport/statistics module's public API: the only file of `modules/sport/statistics/` another
 * module may import. Figures are read through its routes; this is only the manifest.
 */
export { statisticsManifest } from './statistics.manifest.ts';
