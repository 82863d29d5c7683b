import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as courseTables from './course.table.ts';

/** Training: courses, classes with capacity and waitlist, lessons, enrolment, attendance, class packages. */
export const courseManifest: ModuleManifest = {
  name: 'sport/course',
  dependsOn: ['system', 'sport/commerce', 'sport/venue', 'sport/coach'],
  ui: contractModule('sport/course'),
  tables: { schema: courseTables },
};
