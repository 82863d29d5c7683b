/**
 * The sport/ops-report module's public API: the only file of `modules/sport/ops-report/` another
 * module may import.
 */
export { opsReportManifest } from './opsreport.manifest.ts';
