import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import {
  Perm,
  cardCalendar as cardCalendarAnswer,
  cardCalendarQuery,
  cardDateEdit,
  cardDetail,
  cardDistribute,
  cardTakeBack,
  cardDistributionPage,
  cardDistributionQuery,
  cardFreeze,
  cardListQuery,
  cardManager,
  cardPage,
  cardRecharge,
  cardRechargeAnswer,
  cardRefund,
  cardRefundAnswer,
  cardRefundQuote,
  cardRow,
  cardRulesEdit,
  cardSell,
  cardSellAnswer,
  cardShareCreate,
  cardShareList,
  cardShareRow,
  cardSharesQuery,
  cardShareUpdate,
  cardTypeCreate,
  cardTypeListQuery,
  cardTypePage,
  cardTypeRow,
  cardTypeRules as cardTypeRulesAnswer,
  cardTypeUpdate,
  cardUsageListQuery,
  cardUsagePage,
  checkinAnswer,
  checkinCreate,
  checkinLookup as checkinLookupBody,
  checkinLookupAnswer,
  deletedAnswer,
  fields,
  idParams,
  idsParams,
} from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { idemKey } from '../commerce/index.ts';
import {
  addCardType,
  cardCalendar,
  cardTypeRules,
  changeCardManager,
  checkIn,
  checkinLookup,
  distributeCard,
  distributionLog,
  editCardDate,
  editCardRules,
  editCardType,
  editShare,
  freezeCard,
  getCard,
  getCardType,
  listCards,
  listCardTypes,
  listShares,
  listUsages,
  rechargeCard,
  refundCard,
  quoteCardRefund,
  removeCardTypes,
  removeShare,
  sellCard,
  shareCard,
  takeBackCard,
  unfreezeCard,
} from './card.service.ts';

const shareParams = z.object({ shareId: fields.id });

/** Member cards, under `{sport}card/` (the item kinds `card` and `card_recharge` are registered on import). */
export function cardRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { sport } = ctx.config.prefixes;
  const { db } = ctx;
  const base = { module: 'card' };
  const url = (p: string) => `${sport}card/${p}`;

  // Card types (rules setting). Reading them is open to any signed-in user of the organisation (the sell screen lists them).
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('type/list'),
    permission: Perm.authenticated,
    action: 'list',
    readOnly: true,
    body: cardTypeListQuery,
    response: cardTypePage,
    handler: async ({ body, caller }) => listCardTypes(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url('type/:id'),
    permission: Perm.authenticated,
    action: 'get',
    params: idParams,
    response: cardTypeRow,
    handler: async ({ params, caller }) => getCardType(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url('type/:id/rules'),
    permission: Perm.card.type,
    action: 'get',
    params: idParams,
    response: cardTypeRulesAnswer,
    handler: async ({ params, caller }) => cardTypeRules(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('type'),
    permission: Perm.card.type,
    action: 'add',
    body: cardTypeCreate,
    response: cardTypeRow,
    handler: async ({ body, caller }) => addCardType(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url('type/:id'),
    permission: Perm.card.type,
    action: 'edit',
    params: idParams,
    body: cardTypeUpdate,
    response: cardTypeRow,
    handler: async ({ params, body, caller }) => editCardType(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: url('type/:ids'),
    permission: Perm.card.type,
    action: 'remove',
    params: idsParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeCardTypes(db, caller, params.ids),
  });

  // Selling and recharging (orders the console pays with the shared pay component).
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('sell'),
    permission: Perm.card.sell,
    action: 'sell',
    body: cardSell,
    response: cardSellAnswer,
    handler: async ({ body, caller, req }) => sellCard(db, caller, body, idemKey(req)),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/recharge'),
    permission: Perm.card.recharge,
    action: 'recharge',
    params: idParams,
    body: cardRecharge,
    response: cardRechargeAnswer,
    handler: async ({ params, body, caller, req }) => rechargeCard(db, caller, params.id, body, idemKey(req)),
  });

  // Usage record and check-in (before `:id` routes of the same shape).
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('usage/list'),
    permission: Perm.card.list,
    action: 'list',
    readOnly: true,
    body: cardUsageListQuery,
    response: cardUsagePage,
    handler: async ({ body, caller }) => listUsages(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('checkin/lookup'),
    permission: Perm.member.checkin,
    action: 'checkinLookup',
    readOnly: true,
    body: checkinLookupBody,
    response: checkinLookupAnswer,
    handler: async ({ body, caller, req }) => checkinLookup(db, caller, body.keyword, req.lang),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('checkin'),
    permission: Perm.member.checkin,
    action: 'memberCheckin',
    body: checkinCreate,
    response: checkinAnswer,
    handler: async ({ body, caller }) => checkIn(db, caller, body),
  });

  // Cards.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url('list'),
    permission: Perm.card.list,
    action: 'list',
    readOnly: true,
    body: cardListQuery,
    response: cardPage,
    handler: async ({ body, caller }) => listCards(db, caller, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url(':id'),
    permission: Perm.card.list,
    action: 'get',
    params: idParams,
    response: cardDetail,
    handler: async ({ params, caller }) => getCard(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/calendar'),
    permission: Perm.card.list,
    action: 'calendar',
    readOnly: true,
    params: idParams,
    body: cardCalendarQuery,
    response: cardCalendarAnswer,
    handler: async ({ params, body, caller }) => cardCalendar(db, caller, params.id, body.month),
  });

  // Card changes (each logged on the card).
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/date'),
    permission: Perm.card.edit,
    action: 'date',
    params: idParams,
    body: cardDateEdit,
    response: cardRow,
    handler: async ({ params, body, caller }) => editCardDate(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/freeze'),
    permission: Perm.card.freeze,
    action: 'freeze',
    params: idParams,
    body: cardFreeze,
    response: cardRow,
    handler: async ({ params, body, caller }) => freezeCard(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/unfreeze'),
    permission: Perm.card.freeze,
    action: 'unfreeze',
    params: idParams,
    body: cardFreeze,
    response: cardRow,
    handler: async ({ params, body, caller }) => unfreezeCard(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/manager'),
    permission: Perm.card.edit,
    action: 'manager',
    params: idParams,
    body: cardManager,
    response: cardRow,
    handler: async ({ params, body, caller }) => changeCardManager(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/rules'),
    permission: Perm.card.edit,
    action: 'rules',
    params: idParams,
    body: cardRulesEdit,
    response: cardRow,
    handler: async ({ params, body, caller }) => editCardRules(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'GET',
    url: url(':id/refund/quote'),
    permission: Perm.card.refund,
    action: 'cardRefundQuote',
    params: idParams,
    response: cardRefundQuote,
    handler: async ({ params, caller }) => quoteCardRefund(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/refund'),
    permission: Perm.card.refund,
    action: 'cardRefund',
    params: idParams,
    body: cardRefund,
    response: cardRefundAnswer,
    handler: async ({ params, body, caller }) => refundCard(db, caller, params.id, body),
  });

  // Sharing and corporate distribution.
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/shares'),
    permission: Perm.card.share,
    action: 'list',
    readOnly: true,
    params: idParams,
    body: cardSharesQuery,
    response: cardShareList,
    handler: async ({ params, caller }) => listShares(db, caller, params.id),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/share'),
    permission: Perm.card.share,
    action: 'share',
    params: idParams,
    body: cardShareCreate,
    response: cardShareRow,
    handler: async ({ params, body, caller }) => shareCard(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'PUT',
    url: url('share/:shareId'),
    permission: Perm.card.share,
    action: 'share',
    params: shareParams,
    body: cardShareUpdate,
    response: cardShareRow,
    handler: async ({ params, body, caller }) => editShare(db, caller, params.shareId, body),
  });
  defineRoute(app, {
    ...base,
    method: 'DELETE',
    url: url('share/:shareId'),
    permission: Perm.card.share,
    action: 'unshare',
    params: shareParams,
    response: deletedAnswer,
    handler: async ({ params, caller }) => removeShare(db, caller, params.shareId),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/distribute'),
    permission: Perm.member.distribute,
    action: 'distribute',
    params: idParams,
    body: cardDistribute,
    response: cardShareRow,
    handler: async ({ params, body, caller }) => distributeCard(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/distribute/take-back'),
    permission: Perm.member.distribute,
    action: 'distribute',
    params: idParams,
    body: cardTakeBack,
    response: deletedAnswer,
    handler: async ({ params, body, caller }) => takeBackCard(db, caller, params.id, body),
  });
  defineRoute(app, {
    ...base,
    method: 'POST',
    url: url(':id/distribute/log'),
    permission: Perm.member.distribute,
    action: 'list',
    readOnly: true,
    params: idParams,
    body: cardDistributionQuery,
    response: cardDistributionPage,
    handler: async ({ params, body, caller }) => distributionLog(db, caller, params.id, body),
  });
}
