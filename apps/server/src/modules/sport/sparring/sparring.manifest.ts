import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';

/** Sparring: a coach booked by the hour, price groups with approved changes, sparring orders. */
export const sparringManifest: ModuleManifest = {
  name: 'sport/sparring',
  dependsOn: ['system', 'sport/commerce', 'sport/venue', 'sport/coach'],
  ui: contractModule('sport/sparring'),
};
