/**
 * The sport/statistics module's public API: the only file of `modules/sport/statistics/` another
 * module may import. Figures are read through its routes, or `periodSummary` from another module.
 */
export { statisticsManifest } from './statistics.manifest.ts';
export { periodSummary } from './statistics.service.ts';
