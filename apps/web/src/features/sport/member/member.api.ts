import type { z } from 'zod';
import type {
  BalanceAccountRow,
  CardRow,
  CardShareRow,
  cardDistribute,
  cardTakeBack,
  cardDistributionRow,
  cardListQuery,
  FaceLogRow,
  IdentityRow,
  MemberListEntryRow,
  MemberOverview,
  MemberRow,
  OrderRow,
  Page,
  SpreadRow,
  VisitRow,
  accountListQuery,
  entrantAdd,
  entrantAddAnswer,
  entrantListQuery,
  faceStateBody,
  identityImageAnswer,
  identityListQuery,
  identityReview,
  identitySubmit,
  memberCreate,
  memberListAdd,
  memberListAddAnswer,
  memberListEntryQuery,
  memberListQuery,
  memberListRemoveAnswer,
  memberTagsAnswer,
  memberTagsBody,
  memberUpdate,
  orderListQuery,
  spreadListQuery,
  visitListQuery,
} from '@venue/contract';
import { api, download, http } from '../../../app/request.ts';
import { FILE_TIMEOUT_MS } from '../../../kit/index.ts';

/**
 * The member screens' calls (issue 12), typed by the contract (`packages/contract/src/sport/member.ts`).
 * Orders and balance accounts are the commerce core's calls, filtered by the member (a feature
 * imports no other feature: the endpoints are called here).
 */
const url = (p: string) => api.sport(`member${p ? `/${p}` : ''}`);
const upload = (file: File) => {
  const fd = new FormData();
  fd.append('file', file, file.name);
  return fd;
};

export const memberApi = {
  list: (body: z.input<typeof memberListQuery>) => http.post<Page<MemberRow>>(url('list'), body),
  get: (id: number) => http.get<MemberRow>(url(String(id))),
  /** The member screens' full form (`POST member/add`; `POST member` is the front desk's). */
  create: (body: z.input<typeof memberCreate>) => http.post<MemberRow>(url('add'), body),
  update: (id: number, body: z.input<typeof memberUpdate>) => http.put<MemberRow>(url(String(id)), body),
  tags: (body: z.input<typeof memberTagsBody>) => http.post<z.output<typeof memberTagsAnswer>>(url('tags'), body),
  overview: (id: number) => http.get<MemberOverview>(url(`${id}/overview`)),
  visits: (id: number, body: z.input<typeof visitListQuery>) => http.post<Page<VisitRow>>(url(`${id}/visits`), body),

  // faces and photo
  uploadFace: (id: number, file: File) => http.post<MemberRow>(url(`${id}/face`), upload(file), { timeout: 60_000 }),
  uploadPhoto: (id: number, file: File) => http.post<MemberRow>(url(`${id}/photo`), upload(file), { timeout: 60_000 }),
  removeFace: (id: number) => http.del<MemberRow>(url(`${id}/face`)),
  faceState: (id: number, body: z.input<typeof faceStateBody>) => http.post<MemberRow>(url(`${id}/face/state`), body),
  faceLogs: (id: number, body: { pageNum?: number; pageSize?: number }) => http.post<Page<FaceLogRow>>(url(`${id}/face/log`), body),
  /** A member's face or photo image (served to signed-in staff only): fetched with the session, shown as an object url. */
  image: async (id: number, which: 'face' | 'photo'): Promise<Blob> =>
    (await download({ url: url(`${id}/${which}/image`), method: 'GET', timeout: FILE_TIMEOUT_MS, silent: true })).blob,

  // corporate members' entrants
  entrants: (id: number, body: z.input<typeof entrantListQuery>) => http.post<Page<MemberRow>>(url(`${id}/entrants/list`), body),
  addEntrants: (id: number, body: z.input<typeof entrantAdd>) => http.post<z.output<typeof entrantAddAnswer>>(url(`${id}/entrants`), body),
  removeEntrants: (id: number, ids: number[]) => http.del<unknown>(url(`${id}/entrants/${ids.join(',')}`)),

  // black and white lists
  lists: (body: z.input<typeof memberListEntryQuery>) => http.post<Page<MemberListEntryRow>>(url('lists/list'), body),
  addToList: (body: z.input<typeof memberListAdd>) => http.post<z.output<typeof memberListAddAnswer>>(url('lists'), body),
  removeFromList: (ids: number[]) => http.post<z.output<typeof memberListRemoveAnswer>>(url('lists/remove'), { ids }),

  // identity authentication
  identities: (body: z.input<typeof identityListQuery>) => http.post<Page<IdentityRow>>(url('identity/list'), body),
  identity: (id: number) => http.get<IdentityRow>(url(`identity/${id}`)),
  submitIdentity: (body: z.input<typeof identitySubmit>) => http.post<IdentityRow>(url('identity'), body),
  /** A document image for a submission (checked like faces); answers its file name for `images`. */
  uploadIdentityImage: (file: File) => http.post<z.output<typeof identityImageAnswer>>(url('identity/image'), upload(file), { timeout: 60_000 }),
  identityImage: async (id: number, index: number): Promise<Blob> =>
    (await download({ url: url(`identity/${id}/image/${index}`), method: 'GET', timeout: FILE_TIMEOUT_MS, silent: true })).blob,
  reviewIdentity: (id: number, body: z.input<typeof identityReview>) => http.post<IdentityRow>(url(`identity/${id}/review`), body),

  // referrals
  spread: (body: z.input<typeof spreadListQuery>) => http.post<Page<SpreadRow>>(url('spread/list'), body),
};

/** The card screens' lists, filtered by the member or company (their endpoints, called from this feature). */
export const memberCardApi = {
  cards: (body: z.input<typeof cardListQuery>) => http.post<Page<CardRow>>(api.sport('card/list'), body),
  distributions: (cardId: number, body: { pageNum?: number; pageSize?: number }) =>
    http.post<Page<z.output<typeof cardDistributionRow>>>(api.sport(`card/${cardId}/distribute/log`), body),
  /** A company's card given to one of its entrants (Perm.member.distribute): the entrant's share. */
  distribute: (cardId: number, body: z.input<typeof cardDistribute>) => http.post<CardShareRow>(api.sport(`card/${cardId}/distribute`), body),
  /** A company's card taken back from an entrant (Perm.member.distribute), logged. */
  takeBack: (cardId: number, body: z.input<typeof cardTakeBack>) => http.post<{ deleted: number }>(api.sport(`card/${cardId}/distribute/take-back`), body),
};

/** The commerce core's lists, filtered by the member (its endpoints, called from this feature). */
export const memberCommerceApi = {
  orders: (body: z.input<typeof orderListQuery>) => http.post<Page<OrderRow>>(api.sport('commerce/order/list'), body),
  accounts: (body: z.input<typeof accountListQuery>) => http.post<Page<BalanceAccountRow>>(api.sport('commerce/account/list'), body),
};
