import type { FastifyInstance } from 'fastify';
import {
  Perm,
  attendanceCheckIn,
  attendanceDone,
  attendanceDoneAnswer,
  attendanceLessons,
  attendanceLessonsQuery,
  attendanceMark,
  attendancePageQuery,
  attendanceRoster,
  attendanceRosterQuery,
  attendanceRow,
  idParams,
  memberPackageDetail,
  memberPackagePageQuery,
  memberPackageRow,
  packageSell,
  packageSellAnswer,
  packageTypeCreate,
  packageTypePageQuery,
  packageTypeRow,
  packageTypeUpdate,
  page,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { idemKey } from '../commerce/index.ts';
import {
  addType,
  checkIn,
  editType,
  exportAttendances,
  lessonDone,
  lessonRoster,
  lessonsOfDay,
  mark,
  packageDetail,
  pageAttendanceRows,
  pagePackages,
  pageTypes,
  sellPackage,
} from './attendance.service.ts';

/** Attendance (`course/attendance/...`) and class packages (`course/package/...`) of issue 26. */
export function attendanceRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const att = (p: string) => `${sport}course/attendance/${p}`;
  const pkg = (p: string) => `${sport}course/package/${p}`;
  const a = { module: 'courseAttendance' };
  const k = { module: 'coursePackage' };

  defineRoute(app, {
    ...a,
    method: 'POST',
    url: att('page'),
    permission: Perm.courseAttendance.list,
    action: 'list',
    readOnly: true,
    body: attendancePageQuery,
    response: page(attendanceRow),
    handler: async ({ body, caller }) => pageAttendanceRows(db, caller, body),
  });
  // Export (not read-only: personal data leaves the system, an operation-log row is written).
  defineRoute(app, {
    ...a,
    method: 'POST',
    url: att('export'),
    permission: Perm.courseAttendance.export,
    action: 'export',
    body: attendancePageQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportAttendances(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...a,
    method: 'POST',
    url: att('lessons'),
    permission: Perm.courseAttendance.checkIn,
    action: 'lessons',
    readOnly: true,
    body: attendanceLessonsQuery,
    response: attendanceLessons,
    handler: async ({ body, caller }) => lessonsOfDay(db, caller, body),
  });
  defineRoute(app, {
    ...a,
    method: 'POST',
    url: att('roster'),
    permission: Perm.courseAttendance.checkIn,
    action: 'roster',
    readOnly: true,
    body: attendanceRosterQuery,
    response: attendanceRoster,
    handler: async ({ body, caller }) => lessonRoster(db, caller, body.lessonId),
  });
  defineRoute(app, {
    ...a,
    method: 'POST',
    url: att('checkIn'),
    permission: Perm.courseAttendance.checkIn,
    action: 'checkIn',
    body: attendanceCheckIn,
    response: attendanceRow,
    handler: async ({ body, caller }) => checkIn(db, caller, body),
  });
  defineRoute(app, {
    ...a,
    method: 'POST',
    url: att('mark'),
    permission: Perm.courseAttendance.checkIn,
    action: 'markAttendance',
    body: attendanceMark,
    response: attendanceRow,
    handler: async ({ body, caller }) => mark(db, caller, body),
  });
  defineRoute(app, {
    ...a,
    method: 'POST',
    url: att('done'),
    permission: Perm.courseAttendance.checkIn,
    action: 'lessonDone',
    body: attendanceDone,
    response: attendanceDoneAnswer,
    handler: async ({ body, caller }) => lessonDone(db, caller, body.lessonId),
  });

  // ---------------------------------------------------------------- class packages
  defineRoute(app, {
    ...k,
    method: 'POST',
    url: pkg('type/page'),
    permission: Perm.coursePackage.list,
    action: 'list',
    readOnly: true,
    body: packageTypePageQuery,
    response: page(packageTypeRow),
    handler: async ({ body, caller }) => pageTypes(db, caller, body),
  });
  defineRoute(app, {
    ...k,
    method: 'POST',
    url: pkg('type'),
    permission: Perm.coursePackage.add,
    action: 'add',
    body: packageTypeCreate,
    response: packageTypeRow,
    handler: async ({ body, caller }) => addType(db, caller, body),
  });
  defineRoute(app, {
    ...k,
    method: 'PUT',
    url: pkg('type/:id'),
    permission: Perm.coursePackage.edit,
    action: 'edit',
    params: idParams,
    body: packageTypeUpdate,
    response: packageTypeRow,
    handler: async ({ params, body, caller }) => editType(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...k,
    method: 'POST',
    url: pkg('sell'),
    permission: Perm.coursePackage.sell,
    action: 'sellPackage',
    body: packageSell,
    response: packageSellAnswer,
    handler: async ({ body, caller, req }) => sellPackage(db, caller, body, idemKey(req)),
  });
  defineRoute(app, {
    ...k,
    method: 'POST',
    url: pkg('page'),
    permission: Perm.coursePackage.list,
    action: 'list',
    readOnly: true,
    body: memberPackagePageQuery,
    response: page(memberPackageRow),
    handler: async ({ body, caller }) => pagePackages(db, caller, body),
  });
  defineRoute(app, {
    ...k,
    method: 'GET',
    url: pkg(':id'),
    permission: Perm.coursePackage.list,
    action: 'detail',
    params: idParams,
    response: memberPackageDetail,
    handler: async ({ params, caller }) => packageDetail(db, caller, params.id),
  });
}
