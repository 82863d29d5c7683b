import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  deletedAnswer,
  entrantAdd,
  entrantAddAnswer,
  entrantListQuery,
  entrantParams,
  faceLogQuery,
  faceLogRow,
  faceStateBody,
  identityImageAnswer,
  identityImageParams,
  identityListQuery,
  identityReview,
  identityRow,
  identitySubmit,
  idParams,
  idsParams,
  importResult,
  MEMBER_IMAGE_MAX_BYTES,
  memberBrief,
  memberCreate,
  memberListAdd,
  memberListAddAnswer,
  memberListEntryQuery,
  memberListEntryRow,
  memberListQuery,
  memberListRemove,
  memberListRemoveAnswer,
  memberOverview,
  memberRow,
  memberSearchAnswer,
  memberSearchQuery,
  memberTagsAnswer,
  memberTagsBody,
  memberUpdate,
  page,
  Perm,
  spreadListQuery,
  spreadRow,
  visitListQuery,
  visitRow,
} from '@venue/contract';
import { defineRoute, readFilePart, type AppContext } from '../../../platform/http.ts';
import { readUpload, withImportSlot } from '../../../platform/xlsx.ts';
import {
  addEntrants,
  addToList,
  editMember,
  exportMembers,
  findMembers,
  getIdentity,
  getMember,
  identityImage,
  importMembers,
  listEntrants,
  listEntries,
  listFaceLogs,
  listIdentities,
  listMembers,
  listReferrers,
  listVisits,
  memberForUpload,
  memberImage,
  memberOverview as overviewOf,
  memberTemplate,
  registerMember,
  removeEntrants,
  removeFace,
  removeFromList,
  removeMembers,
  reviewIdentity,
  setFaceState,
  submitIdentity,
  tagMembers,
  uploadFace,
  uploadIdentityImage,
  uploadPhoto,
} from './member.service.ts';

/** The uploaded image of a multipart `file` field. */
const readImage = (req: FastifyRequest) => readFilePart(req, MEMBER_IMAGE_MAX_BYTES, 'member.image.noFile');

/**
 * Members: the front desk's find and register (under the booking permission, booking uses them),
 * and the member screens' calls (under Perm.member.*).
 */
export function memberRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db, config } = ctx;
  const base = { module: 'member' };
  const m = `${sport}member`;

  // The front desk (booking).
  // Every screen that picks a member searches: booking, selling or sharing a card, check-in, the member screens, a ticket's viewer (sale, reservation).
  const PICKERS = [
    Perm.booking.book,
    Perm.member.list,
    Perm.card.sell,
    Perm.card.share,
    Perm.member.checkin,
    Perm.member.distribute,
    Perm.ticket.sell,
    Perm.ticket.reserve,
  ];
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/search`,
    permission: PICKERS,
    action: 'search',
    readOnly: true,
    body: memberSearchQuery,
    response: memberSearchAnswer,
    handler: async ({ body, caller }) => findMembers(db, caller, body.keyword, body.limit),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: m,
    permission: Perm.booking.book,
    action: 'add',
    body: memberCreate,
    response: memberBrief,
    handler: async ({ body, caller }) => registerMember(db, caller, body),
  });

  // The record.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/list`,
    permission: Perm.member.list,
    action: 'list',
    readOnly: true,
    body: memberListQuery,
    response: page(memberRow),
    handler: async ({ body, caller }) => listMembers(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/add`,
    permission: Perm.member.add,
    action: 'add',
    body: memberCreate,
    response: memberRow,
    handler: async ({ body, caller }) => getMember(db, caller, (await registerMember(db, caller, body)).id),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${m}/:id`,
    permission: Perm.member.list,
    action: 'detail',
    params: idParams,
    response: memberRow,
    handler: async ({ params, caller }) => getMember(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: `${m}/:id`,
    permission: Perm.member.edit,
    action: 'edit',
    params: idParams,
    body: memberUpdate,
    response: memberRow,
    handler: async ({ params, body, caller }) => editMember(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${m}/:ids`,
    permission: Perm.member.remove,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeMembers(db, caller, params.ids),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/tags`,
    permission: Perm.member.tag,
    action: 'tag',
    body: memberTagsBody,
    response: memberTagsAnswer,
    handler: async ({ body, caller }) => tagMembers(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${m}/:id/overview`,
    permission: Perm.member.list,
    action: 'detail',
    params: idParams,
    response: memberOverview,
    handler: async ({ params, caller }) => overviewOf(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/:id/visits`,
    permission: Perm.member.list,
    action: 'visits',
    readOnly: true,
    params: idParams,
    body: visitListQuery,
    response: page(visitRow),
    handler: async ({ params, body, caller }) => listVisits(db, caller, params.id, body),
  });

  // Export (not read-only: it writes an operation-log row, personal data leaves the system) and import.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/export`,
    permission: Perm.member.export,
    action: 'export',
    body: memberListQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportMembers(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${m}/import/template`,
    permission: Perm.member.import,
    action: 'importTemplate',
    response: 'file',
    handler: async ({ req }) => memberTemplate(req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/import`,
    upload: true,
    permission: Perm.member.import,
    action: 'import',
    response: importResult,
    handler: async ({ req, caller }) => {
      const file = await readUpload(req, config.uploadLimit);
      return withImportSlot(caller.userId, () => importMembers(db, caller, file, req.lang));
    },
  });

  // Corporate members' entrants.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/:id/entrants`,
    permission: Perm.member.edit,
    action: 'entrantAdd',
    params: idParams,
    body: entrantAdd,
    response: entrantAddAnswer,
    handler: async ({ params, body, caller }) => addEntrants(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${m}/:id/entrants/:ids`,
    permission: Perm.member.edit,
    action: 'entrantRemove',
    params: entrantParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeEntrants(db, caller, params.id, params.ids),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/:id/entrants/list`,
    permission: Perm.member.list,
    action: 'entrants',
    readOnly: true,
    params: idParams,
    body: entrantListQuery,
    response: page(memberRow),
    handler: async ({ params, body, caller }) => listEntrants(db, caller, params.id, body),
  });

  // Black and white lists.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/lists/list`,
    permission: Perm.member.list,
    action: 'lists',
    readOnly: true,
    body: memberListEntryQuery,
    response: page(memberListEntryRow),
    handler: async ({ body, caller }) => listEntries(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/lists`,
    permission: Perm.member.blacklist,
    action: 'listAdd',
    body: memberListAdd,
    response: memberListAddAnswer,
    handler: async ({ body, caller }) => addToList(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/lists/remove`,
    permission: Perm.member.blacklist,
    action: 'listRemove',
    body: memberListRemove,
    response: memberListRemoveAnswer,
    handler: async ({ body, caller }) => removeFromList(db, caller, body.ids),
  });

  // Identity checks.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/identity`,
    permission: Perm.member.identity,
    action: 'identitySubmit',
    body: identitySubmit,
    response: identityRow,
    handler: async ({ body, caller }) => submitIdentity(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/identity/list`,
    permission: Perm.member.identity,
    action: 'identityList',
    readOnly: true,
    body: identityListQuery,
    response: page(identityRow),
    handler: async ({ body, caller }) => listIdentities(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${m}/identity/:id`,
    permission: Perm.member.identity,
    action: 'identityDetail',
    params: idParams,
    response: identityRow,
    handler: async ({ params, caller }) => getIdentity(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/identity/image`,
    upload: true,
    permission: Perm.member.identity,
    action: 'identityImage',
    response: identityImageAnswer,
    handler: async ({ req }) => uploadIdentityImage(config.dataDir, await readImage(req)),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${m}/identity/:id/image/:index`,
    permission: Perm.member.identity,
    action: 'identityImage',
    params: identityImageParams,
    response: 'file',
    handler: async ({ params, caller }) => identityImage(db, caller, config.dataDir, params.id, params.index),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/identity/:id/review`,
    permission: Perm.member.review,
    action: 'identityReview',
    params: idParams,
    body: identityReview,
    response: identityRow,
    handler: async ({ params, body, caller }) => reviewIdentity(db, caller, params.id, body),
  });

  // Faces and photo: uploads checked by content; images served to signed-in staff only.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/:id/face`,
    upload: true,
    permission: Perm.member.face,
    action: 'faceUpload',
    params: idParams,
    response: memberRow,
    handler: async ({ params, caller, req }) => {
      await memberForUpload(db, caller, params.id);
      return uploadFace(db, caller, config.dataDir, params.id, await readImage(req));
    },
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: `${m}/:id/face`,
    permission: Perm.member.face,
    action: 'faceRemove',
    params: idParams,
    response: memberRow,
    handler: async ({ params, caller }) => removeFace(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/:id/face/state`,
    permission: Perm.member.face,
    action: 'faceState',
    params: idParams,
    body: faceStateBody,
    response: memberRow,
    handler: async ({ params, body, caller }) => setFaceState(db, caller, params.id, body.state),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/:id/face/log`,
    permission: Perm.member.list,
    action: 'faceLog',
    readOnly: true,
    params: idParams,
    body: faceLogQuery,
    response: page(faceLogRow),
    handler: async ({ params, body, caller }) => listFaceLogs(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${m}/:id/face/image`,
    permission: Perm.member.list,
    action: 'faceImage',
    params: idParams,
    response: 'file',
    handler: async ({ params, caller }) => memberImage(db, caller, config.dataDir, params.id, 'face'),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/:id/photo`,
    upload: true,
    permission: Perm.member.edit,
    action: 'photoUpload',
    params: idParams,
    response: memberRow,
    handler: async ({ params, caller, req }) => {
      await memberForUpload(db, caller, params.id);
      return uploadPhoto(db, caller, config.dataDir, params.id, await readImage(req));
    },
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: `${m}/:id/photo/image`,
    permission: Perm.member.list,
    action: 'photoImage',
    params: idParams,
    response: 'file',
    handler: async ({ params, caller }) => memberImage(db, caller, config.dataDir, params.id, 'photo'),
  });

  // Referrals (userSpread).
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: `${m}/spread/list`,
    permission: Perm.member.list,
    action: 'spread',
    readOnly: true,
    body: spreadListQuery,
    response: page(spreadRow),
    handler: async ({ body, caller }) => listReferrers(db, caller, body),
  });
}
