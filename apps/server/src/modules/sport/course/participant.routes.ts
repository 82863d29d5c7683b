import type { FastifyInstance } from 'fastify';
import {
  FACE_IMAGE_MAX_BYTES,
  Perm,
  faceConsentBody,
  faceConsentState,
  idParams,
  page,
  participantAttendancePage,
  participantAttendanceQuery,
  participantDetail as participantDetailAnswer,
  participantPageQuery,
  participantRow,
} from '@venue/contract';
import { defineRoute, readFilePart, type AppContext } from '../../../platform/http.ts';
import {
  exportParticipants,
  faceImage,
  pageParticipantRows,
  participantAttendance,
  participantDetail,
  participantForFace,
  recordConsent,
  revokeConsent,
  uploadFaceImage,
} from './participant.service.ts';

/** Participants (`course/participant/...`) and their face images with consent (issue 26). */
export function participantRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db, config } = ctx;
  const p = (s: string) => `${sport}course/participant/${s}`;
  const base = { module: 'courseParticipant' };

  defineRoute(app, {
    ...base,
    method: 'POST',
    url: p('page'),
    permission: Perm.courseParticipant.list,
    action: 'list',
    readOnly: true,
    body: participantPageQuery,
    response: page(participantRow),
    handler: async ({ body, caller }) => pageParticipantRows(db, caller, body),
  });
  // Export (not read-only: personal data leaves the system, an operation-log row is written).
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: p('export'),
    permission: Perm.courseParticipant.export,
    action: 'export',
    body: participantPageQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportParticipants(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: p(':id'),
    permission: Perm.courseParticipant.list,
    action: 'detail',
    params: idParams,
    response: participantDetailAnswer,
    handler: async ({ params, caller }) => participantDetail(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: p(':id/attendance'),
    permission: Perm.courseParticipant.list,
    action: 'attendance',
    readOnly: true,
    params: idParams,
    body: participantAttendanceQuery,
    response: participantAttendancePage,
    handler: async ({ params, body, caller }) => participantAttendance(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: p(':id/consent'),
    permission: Perm.courseParticipant.face,
    action: 'faceConsent',
    params: idParams,
    body: faceConsentBody,
    response: faceConsentState,
    handler: async ({ params, body, caller }) => recordConsent(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: p(':id/consent/revoke'),
    permission: Perm.courseParticipant.face,
    action: 'faceRevoke',
    params: idParams,
    response: faceConsentState,
    handler: async ({ params, caller }) => revokeConsent(db, caller, config.dataDir, params.id),
  });
  // The image: checked by content, kept only with a live consent; served to staff with `face` only.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: p(':id/face'),
    upload: true,
    permission: Perm.courseParticipant.face,
    action: 'faceUpload',
    params: idParams,
    response: faceConsentState,
    handler: async ({ params, caller, req }) => {
      await participantForFace(db, caller, params.id);
      return uploadFaceImage(db, caller, config.dataDir, params.id, await readFilePart(req, FACE_IMAGE_MAX_BYTES, 'courseParticipant.image.noFile'));
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: p(':id/face/image'),
    permission: Perm.courseParticipant.face,
    action: 'faceImage',
    params: idParams,
    response: 'file',
    handler: async ({ params, caller }) => faceImage(db, caller, config.dataDir, params.id),
  });
}
