import type { FastifyInstance } from 'fastify';
import {
  CONTENT_ACTIONS,
  CONTENT_IMAGE_MAX_BYTES,
  Perm,
  acceptancePage,
  acceptanceQuery,
  acceptanceRow,
  agreementAccept,
  agreementCreate,
  agreementPage,
  agreementPublish,
  agreementQuery,
  agreementRow,
  agreementStatus,
  agreementStatusQuery,
  agreementUpdate,
  bannerCreate,
  bannerPage,
  bannerQuery,
  bannerRow,
  bannerUpdate,
  commentCreate,
  commentKeywords,
  commentKeywordsAnswer,
  commentModerate,
  commentPage,
  commentQuery,
  commentRow,
  contentCreate,
  contentFeedQuery,
  contentImageAnswer,
  contentImageParams,
  contentMove,
  contentPage,
  contentQuery,
  contentRow,
  contentUpdate,
  contentVersions,
  deletedAnswer,
  idParams,
  idsParams,
} from '@venue/contract';
import { defineRoute, readFilePart, type AppContext } from '../../../platform/http.ts';
import {
  acceptAgreement,
  addAgreement,
  addBanner,
  addComment,
  addContent,
  agreementStatusOf,
  contentFeed,
  contentImage,
  contentVersionsOf,
  editAgreement,
  editBanner,
  editContent,
  exportAcceptances,
  exportBanners,
  exportComments,
  exportContents,
  getAgreement,
  getBanner,
  getContent,
  getKeywords,
  listAcceptances,
  listAgreements,
  listBanners,
  listComments,
  listContents,
  moderateComment,
  moveContent,
  publishAgreement,
  removeBanners,
  setKeywords,
  uploadContentImage,
} from './content.service.ts';

/** The content module's calls, under `{sport}content`: items of every type, their images and versions, comments, banners, agreements. */
export function contentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { config, db } = ctx;
  const { sport } = config.prefixes;
  const url = (p: string) => `${sport}content${p ? `/${p}` : ''}`;
  const base = { module: 'content' };
  const P = Perm.content;
  const C = Perm.comment;
  const B = Perm.banner;
  const A = Perm.agreement;

  // ---------------------------------------------------------------- items
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('list'),
    permission: P.list,
    action: 'list',
    readOnly: true,
    body: contentQuery,
    response: contentPage,
    handler: async ({ body, caller }) => listContents(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('export'),
    permission: P.list,
    action: 'export',
    body: contentQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportContents(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('feed'),
    permission: P.list,
    action: 'feed',
    readOnly: true,
    body: contentFeedQuery,
    response: contentPage,
    handler: async ({ body, caller }) => contentFeed(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url(':id'),
    permission: P.list,
    action: 'get',
    params: idParams,
    response: contentRow,
    handler: async ({ params, caller }) => getContent(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url(':id/versions'),
    permission: P.list,
    action: 'versions',
    params: idParams,
    response: contentVersions,
    handler: async ({ params, caller }) => contentVersionsOf(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(''),
    permission: P.add,
    action: 'add',
    body: contentCreate,
    // The rich text is sanitised by the service's allow-list, not refused by the input filter.
    richText: ['body'],
    response: contentRow,
    handler: async ({ body, caller }) => addContent(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url(':id'),
    permission: P.edit,
    action: 'edit',
    params: idParams,
    body: contentUpdate,
    // The rich text is sanitised by the service's allow-list, not refused by the input filter.
    richText: ['body'],
    response: contentRow,
    handler: async ({ params, body, caller }) => editContent(db, caller, params.id, body),
  });
  for (const action of CONTENT_ACTIONS)
    defineRoute(app, {
      ...base,
      method: 'POST',
      url: url(`:id/${action}`),
      permission: P.publish,
      action,
      params: idParams,
      body: contentMove,
      response: contentRow,
      handler: async ({ params, body, caller }) => moveContent(db, caller, params.id, action, body.version),
    });
  // Images of the rich text and covers: checked by content, named by their hash.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('image'),
    upload: true,
    permission: [P.edit, P.add, B.add, B.edit],
    action: 'imageUpload',
    response: contentImageAnswer,
    handler: async ({ req }) => uploadContentImage(config.dataDir, sport, await readFilePart(req, CONTENT_IMAGE_MAX_BYTES, 'content.image.noFile')),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url('image/:name'),
    permission: [P.list, B.list, A.list],
    action: 'image',
    params: contentImageParams,
    response: 'file',
    handler: async ({ params }) => contentImage(config.dataDir, params.name),
  });

  // ---------------------------------------------------------------- comments
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('comment/list'),
    permission: C.list,
    action: 'list',
    readOnly: true,
    body: commentQuery,
    response: commentPage,
    handler: async ({ body, caller }) => listComments(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('comment/export'),
    permission: C.list,
    action: 'export',
    body: commentQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportComments(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('comment'),
    permission: C.list,
    action: 'comment',
    body: commentCreate,
    response: commentRow,
    handler: async ({ body, caller }) => addComment(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url('comment/:id/moderate'),
    permission: C.moderate,
    action: 'moderate',
    params: idParams,
    body: commentModerate,
    response: commentRow,
    handler: async ({ params, body, caller }) => moderateComment(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url('comment/keywords'),
    permission: C.list,
    action: 'keywords',
    response: commentKeywordsAnswer,
    handler: async ({ caller }) => getKeywords(db, caller),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url('comment/keywords'),
    permission: C.moderate,
    action: 'keywords',
    body: commentKeywords,
    response: commentKeywordsAnswer,
    handler: async ({ body, caller }) => setKeywords(db, caller, body.words),
  });

  // ---------------------------------------------------------------- banners
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('banner/list'),
    permission: B.list,
    action: 'list',
    readOnly: true,
    body: bannerQuery,
    response: bannerPage,
    handler: async ({ body, caller }) => listBanners(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('banner/export'),
    permission: B.list,
    action: 'export',
    body: bannerQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportBanners(db, caller, body, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url('banner/:id'),
    permission: B.list,
    action: 'get',
    params: idParams,
    response: bannerRow,
    handler: async ({ params, caller }) => getBanner(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('banner'),
    permission: B.add,
    action: 'add',
    body: bannerCreate,
    response: bannerRow,
    handler: async ({ body, caller }) => addBanner(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url('banner/:id'),
    permission: B.edit,
    action: 'edit',
    params: idParams,
    body: bannerUpdate,
    response: bannerRow,
    handler: async ({ params, body, caller }) => editBanner(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: url('banner/:ids'),
    permission: B.remove,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeBanners(db, caller, params.ids),
  });

  // ---------------------------------------------------------------- agreements
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('agreement/list'),
    permission: A.list,
    action: 'list',
    readOnly: true,
    body: agreementQuery,
    response: agreementPage,
    handler: async ({ body, caller }) => listAgreements(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url('agreement/:id'),
    permission: A.list,
    action: 'get',
    params: idParams,
    response: agreementRow,
    handler: async ({ params, caller }) => getAgreement(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('agreement'),
    permission: A.add,
    action: 'add',
    body: agreementCreate,
    // The rich text is sanitised by the service's allow-list, not refused by the input filter.
    richText: ['body'],
    response: agreementRow,
    handler: async ({ body, caller }) => addAgreement(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url('agreement/:id'),
    permission: A.edit,
    action: 'edit',
    params: idParams,
    body: agreementUpdate,
    // The rich text is sanitised by the service's allow-list, not refused by the input filter.
    richText: ['body'],
    response: agreementRow,
    handler: async ({ params, body, caller }) => editAgreement(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('agreement/:id/publish'),
    permission: A.publish,
    action: 'publish',
    params: idParams,
    body: agreementPublish,
    response: agreementRow,
    handler: async ({ params, body, caller }) => publishAgreement(db, caller, params.id, body.version),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('agreement/:id/accept'),
    permission: A.accept,
    action: 'accept',
    params: idParams,
    body: agreementAccept,
    response: acceptanceRow,
    handler: async ({ params, body, caller }) => acceptAgreement(db, caller, params.id, body.memberId),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('agreement/status'),
    permission: A.list,
    action: 'acceptStatus',
    readOnly: true,
    body: agreementStatusQuery,
    response: agreementStatus,
    handler: async ({ body, caller }) => agreementStatusOf(db, caller, body.memberId),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('agreement/acceptance/list'),
    permission: A.list,
    action: 'list',
    readOnly: true,
    body: acceptanceQuery,
    response: acceptancePage,
    handler: async ({ body, caller }) => listAcceptances(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('agreement/acceptance/export'),
    permission: A.list,
    action: 'export',
    body: acceptanceQuery,
    response: 'file',
    handler: async ({ body, caller, req }) => exportAcceptances(db, caller, body, req.lang),
  });
}
