import type { FastifyInstance } from 'fastify';
import {
  Perm,
  classCreate,
  classEnrol,
  classEnrolAnswer,
  classListAnswer,
  classListQuery,
  classPageQuery,
  classPeople,
  classRoster,
  classRosterQuery,
  classRow,
  classUpdate,
  courseCreate,
  courseDetail,
  courseListQuery,
  courseReview,
  courseRow,
  courseUpdate,
  courseVersion,
  idParams,
  lessonCancel,
  lessonCancelled,
  lessonCreate,
  lessonListQuery,
  lessonRow,
  page,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { afterCommit, idemKey, payDeps } from '../commerce/index.ts';
import { cancelLessonByVenue } from './lesson.service.ts';
import {
  addClass,
  addCourse,
  addLesson,
  editClass,
  editCourse,
  enrol,
  getClass,
  getCourse,
  listClasses,
  listCourses,
  listLessons,
  offSaleCourse,
  pageClassRows,
  people,
  reviewCourse,
  roster,
  submitCourse,
} from './course.service.ts';

export function courseRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const url = (path: string) => `${sport}course${path ? `/${path}` : ''}`;

  // ---------------------------------------------------------------- classes, lessons, enrolment (before the `:id` routes of courses)
  const cls = { module: 'courseClass' };
  defineRoute(app, {
    ...cls,
    method: 'POST',
    url: url('class/list'),
    permission: Perm.courseClass.list,
    action: 'list',
    readOnly: true,
    body: classListQuery,
    response: classListAnswer,
    handler: async ({ body, caller }) => listClasses(db, caller, body),
  });
  defineRoute(app, {
    ...cls,
    method: 'POST',
    url: url('class/page'),
    permission: Perm.courseClass.list,
    action: 'list',
    readOnly: true,
    body: classPageQuery,
    response: page(classRow),
    handler: async ({ body, caller }) => pageClassRows(db, caller, body),
  });
  defineRoute(app, {
    ...cls,
    method: 'GET',
    url: url('class/:id'),
    permission: Perm.courseClass.list,
    action: 'get',
    params: idParams,
    response: classRow,
    handler: async ({ params, caller }) => getClass(db, caller, params.id),
  });
  defineRoute(app, {
    ...cls,
    method: 'POST',
    url: url('class'),
    permission: Perm.courseClass.add,
    action: 'add',
    body: classCreate,
    response: classRow,
    handler: async ({ body, caller }) => addClass(db, caller, body),
  });
  defineRoute(app, {
    ...cls,
    method: 'PUT',
    url: url('class/:id'),
    permission: Perm.courseClass.edit,
    action: 'edit',
    params: idParams,
    body: classUpdate,
    response: classRow,
    handler: async ({ params, body, caller }) => editClass(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...cls,
    method: 'POST',
    url: url('class/enrol'),
    permission: Perm.courseClass.enrol,
    action: 'enrol',
    body: classEnrol,
    response: classEnrolAnswer,
    handler: async ({ body, caller, req }) => enrol(db, caller, body, idemKey(req)),
  });
  defineRoute(app, {
    ...cls,
    method: 'POST',
    url: url('class/roster'),
    permission: Perm.courseClass.list,
    action: 'list',
    readOnly: true,
    body: classRosterQuery,
    response: classRoster,
    handler: async ({ body, caller }) => roster(db, caller, body.classId),
  });
  defineRoute(app, {
    ...cls,
    method: 'POST',
    url: url('class/people'),
    permission: Perm.courseClass.list,
    action: 'list',
    readOnly: true,
    body: classRosterQuery,
    response: classPeople,
    handler: async ({ body, caller }) => people(db, caller, body.classId),
  });
  defineRoute(app, {
    ...cls,
    method: 'POST',
    url: url('lesson/list'),
    permission: Perm.courseClass.list,
    action: 'list',
    readOnly: true,
    body: lessonListQuery,
    response: page(lessonRow),
    handler: async ({ body, caller }) => listLessons(db, caller, body),
  });
  defineRoute(app, {
    ...cls,
    method: 'POST',
    url: url('lesson'),
    permission: Perm.courseClass.edit,
    action: 'addLesson',
    body: lessonCreate,
    response: lessonRow,
    handler: async ({ body, caller }) => addLesson(db, caller, body),
  });
  defineRoute(app, {
    ...cls,
    method: 'POST',
    url: url('lesson/:id/cancel'),
    permission: Perm.courseClass.edit,
    action: 'cancelLesson',
    params: idParams,
    // Cancelled by the venue: the rule of all lessons (refunds and notices, lesson.service.ts).
    body: lessonCancel,
    response: lessonCancelled,
    handler: async ({ params, body, caller, req }) => cancelLessonByVenue(db, caller, params.id, body, afterCommit(payDeps(ctx, req))),
  });

  // ---------------------------------------------------------------- courses
  const base = { module: 'course' };
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('list'),
    permission: Perm.course.list,
    action: 'list',
    readOnly: true,
    body: courseListQuery,
    response: page(courseRow),
    handler: async ({ body, caller }) => listCourses(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url(':id'),
    permission: Perm.course.list,
    action: 'get',
    params: idParams,
    response: courseDetail,
    handler: async ({ params, caller }) => getCourse(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(''),
    permission: Perm.course.add,
    action: 'add',
    body: courseCreate,
    response: courseDetail,
    handler: async ({ body, caller }) => addCourse(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url(':id'),
    permission: Perm.course.edit,
    action: 'edit',
    params: idParams,
    body: courseUpdate,
    response: courseDetail,
    handler: async ({ params, body, caller }) => editCourse(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/submit'),
    permission: Perm.course.edit,
    action: 'submit',
    params: idParams,
    body: courseVersion,
    response: courseDetail,
    handler: async ({ params, body, caller }) => submitCourse(db, caller, params.id, body.version),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/review'),
    permission: Perm.course.audit,
    action: 'review',
    params: idParams,
    body: courseReview,
    response: courseDetail,
    handler: async ({ params, body, caller }) => reviewCourse(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/offSale'),
    permission: Perm.course.audit,
    action: 'offSale',
    params: idParams,
    body: courseVersion,
    response: courseDetail,
    handler: async ({ params, body, caller }) => offSaleCourse(db, caller, params.id, body.version),
  });
}
