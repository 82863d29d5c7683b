import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as courseTables from './course.table.ts';
import * as planTables from './plan.table.ts';
import * as lessonTables from './lesson.table.ts';
import * as attendanceTables from './attendance.table.ts';
import * as settlementTables from './settlement.table.ts';
import * as consignTables from './consign.table.ts';
import { courseRoutes } from './course.routes.ts';
import { planRoutes } from './plan.routes.ts';
import { lessonRoutes } from './lesson.routes.ts';
import { attendanceRoutes } from './attendance.routes.ts';
import { settlementRoutes } from './settlement.routes.ts';
import { consignRoutes } from './consign.routes.ts';
import { participantRoutes } from './participant.routes.ts';
import { shareRoutes } from './share.routes.ts';
import { courseKind } from './course.kinds.ts';
import { classPackageKind, COURSE_PREPAID } from './attendance.kinds.ts';
import { courseLessonCancelledType, coursePromotedType } from './course.messageTypes.ts';
import { seedCourseDemo } from './course.seed.ts';
import { lessonBriefsPort } from '../booking/index.ts';
import { lessonBriefs } from './course.booking.ts';
import { seedLessonCellsDemo } from './lesson.seed.ts';
import { plugCoursePorts } from './rating.ports.ts';
import { onCommerceEvent } from '../commerce/index.ts';
import { adjustConsignShares } from './consign.service.ts';
import { lessonOfMemberAt } from './course.repository.ts';
import { gateLessonPort } from '../equipment/index.ts';

/** Training: courses (audited), classes with capacity and waitlist, lessons on coaches' and sites' time, enrolment through commerce. */
export const courseManifest: ModuleManifest = {
  name: 'sport/course',
  dependsOn: ['system', 'message', 'sport/commerce', 'sport/venue', 'sport/member', 'sport/booking', 'sport/coach', 'sport/equipment'],
  demoAfter: ['sport/coach'],
  ui: contractModule('sport/course'),
  tables: { schema: { ...courseTables, ...planTables, ...lessonTables, ...attendanceTables, ...settlementTables, ...consignTables } },
  // A seat in a class is sold as item kind `course` in `course` orders (the order list's course tab).
  contributes: {
    // attendance: a class package is item kind `classPackage` in course orders; what was paid is owed in lessons (coursePrepaid)
    kinds: [courseKind, classPackageKind],
    orderTypes: ['course'],
    // settlement: coach pay is a cost owed to the coach (approved) until paid; consignment: a partner's share of paid seats is owed (partnerPayable) until paid out
    ledgerAccounts: ['coachCost', 'coachPayable', COURSE_PREPAID, 'partnerPayable'],
    messageTypes: [coursePromotedType, courseLessonCancelledType],
  },
  // participants: the coach list's average ratings are answered from the lesson evaluations
  plug: () => {
    plugCoursePorts();
    lessonBriefsPort.plug(lessonBriefs);
    // the gates: a member's lesson at the venue opens them from 30 minutes before it
    gateLessonPort.plug(lessonOfMemberAt);
    // consignment: part of a consigned seat's money refunded lowers the partner's share
    onCommerceEvent('refund.succeeded', 'course.consign.adjustShares', adjustConsignShares);
  },
  routes: ({ app, ctx }) => {
    courseRoutes(app, ctx);
    planRoutes(app, ctx);
    lessonRoutes(app, ctx);
    attendanceRoutes(app, ctx);
    settlementRoutes(app, ctx);
    // share:
    shareRoutes(app, ctx);
    // participants:
    participantRoutes(app, ctx);
    // consignment:
    consignRoutes(app, ctx);
  },
  // booking: the grid's "view course" dialog describes the lessons holding its cells (plugged with the others above).
  demo: async ({ db, config, ctx }) => {
    await seedCourseDemo(db, config, ctx.keys.secretKey);
    // booking: a few demo lessons on sites, for the grid's view-course cells.
    await seedLessonCellsDemo(db);
  },
};
