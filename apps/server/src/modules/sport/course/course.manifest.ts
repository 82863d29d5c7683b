import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as courseTables from './course.table.ts';
import { courseRoutes } from './course.routes.ts';
import { courseKind } from './course.kinds.ts';
import { coursePromotedType } from './course.messageTypes.ts';
import { seedCourseDemo } from './course.seed.ts';

/** Training: courses (audited), classes with capacity and waitlist, lessons on coaches' and sites' time, enrolment through commerce. */
export const courseManifest: ModuleManifest = {
  name: 'sport/course',
  dependsOn: ['system', 'message', 'sport/commerce', 'sport/venue', 'sport/member', 'sport/booking', 'sport/coach'],
  demoAfter: ['sport/coach'],
  ui: contractModule('sport/course'),
  tables: { schema: courseTables },
  // A seat in a class is sold as item kind `course` in `course` orders (the order list's course tab).
  contributes: {
    kinds: [courseKind],
    orderTypes: ['course'],
    messageTypes: [coursePromotedType],
  },
  routes: ({ app, ctx }) => courseRoutes(app, ctx),
  demo: ({ db, config, ctx }) => seedCourseDemo(db, config, ctx.keys.secretKey),
};
