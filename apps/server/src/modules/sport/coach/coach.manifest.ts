import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as coachTables from './coach.table.ts';

/** Coaches: profiles, sports, venues, qualifications, status, a coach's schedule; coach time is claimed through commerce. */
export const coachManifest: ModuleManifest = {
  name: 'sport/coach',
  dependsOn: ['system', 'sport/commerce', 'sport/venue'],
  ui: contractModule('sport/coach'),
  tables: { schema: coachTables },
};
