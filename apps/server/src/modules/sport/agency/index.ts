/**
 * The sport/agency module's public API: the only file of `modules/sport/agency/` another module
 * may import.
 */
export { agencyManifest } from './agency.manifest.ts';
