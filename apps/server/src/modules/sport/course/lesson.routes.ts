import type { FastifyInstance } from 'fastify';
import {
  Perm,
  idParams,
  lessonAdjust,
  lessonAdjustAnswer,
  lessonCancel,
  lessonCancelled,
  lessonDetail as lessonDetailAnswer,
  lessonEvaluate,
  lessonItem,
  lessonPageQuery,
  lessonVersion,
  page,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { afterCommit, payDeps } from '../commerce/index.ts';
import { adjustLessons, cancelLessonByVenue, evaluateLesson, exportLessons, lessonDetail, pageLessons, resumeLesson, suspendLesson } from './lesson.service.ts';

/** The routes of all lessons (issue 26, `totalSchedulingAttempts`) under `{sport}course/lesson/`. */
export function lessonRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const url = (path: string) => `${ctx.config.prefixes.sport}course/lesson/${path}`;
  const base = { module: 'courseLesson' };
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('page'),
    permission: Perm.courseLesson.list,
    action: 'list',
    readOnly: true,
    body: lessonPageQuery,
    response: page(lessonItem),
    handler: async ({ body, caller }) => pageLessons(db, caller, body),
  });
  // Export (not read-only: it writes an operation-log row).
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('export'),
    permission: Perm.courseLesson.list,
    action: 'export',
    body: lessonPageQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportLessons(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('adjust'),
    permission: Perm.courseLesson.adjust,
    action: 'adjustLessons',
    body: lessonAdjust,
    response: lessonAdjustAnswer,
    handler: async ({ body, caller }) => adjustLessons(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url(':id'),
    permission: Perm.courseLesson.list,
    action: 'get',
    params: idParams,
    response: lessonDetailAnswer,
    handler: async ({ params, caller }) => lessonDetail(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/suspend'),
    permission: Perm.courseLesson.suspend,
    action: 'suspendLesson',
    params: idParams,
    body: lessonVersion,
    response: lessonItem,
    handler: async ({ params, body, caller }) => suspendLesson(db, caller, params.id, body.version),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/resume'),
    permission: Perm.courseLesson.suspend,
    action: 'resumeLesson',
    params: idParams,
    body: lessonVersion,
    response: lessonItem,
    handler: async ({ params, body, caller }) => resumeLesson(db, caller, params.id, body.version),
  });
  // The screen's cancel (the class detail's `course/lesson/{id}/cancel` runs the same rule).
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/venueCancel'),
    permission: Perm.courseLesson.cancel,
    action: 'cancelLesson',
    params: idParams,
    body: lessonCancel,
    response: lessonCancelled,
    handler: async ({ params, body, caller, req }) => cancelLessonByVenue(db, caller, params.id, body, afterCommit(payDeps(ctx, req))),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/evaluate'),
    permission: Perm.courseLesson.evaluate,
    action: 'evaluateLesson',
    params: idParams,
    body: lessonEvaluate,
    response: lessonDetailAnswer,
    handler: async ({ params, body, caller }) => evaluateLesson(db, caller, params.id, body),
  });
}
