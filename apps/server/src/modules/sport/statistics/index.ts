/**
 * The sport/statistics module's public API: the only file of `modules/sport/statistics/` another
 * module may import. The console reads figures through its routes; other modules (the large
 * screen, the operations reports) read the aggregates through these readers, with the scope they are allowed.
 */
export { statisticsManifest } from './statistics.manifest.ts';
export { daysOf as statisticsDaysOf, summaryOf as statisticsSummaryOf } from './statistics.repository.ts';
export { venueTotalsOf as statisticsByVenueOf } from './figures.repository.ts';
export { periodSummary } from './statistics.service.ts';
