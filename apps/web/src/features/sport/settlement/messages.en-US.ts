import type { MessagesOf } from '../../../app/i18n-types.ts';
import type zh from './messages.zh-CN.ts';

const messages: MessagesOf<typeof zh> = {
  close: {
    name: 'Daily close',
    run: 'Close a day',
    runTitle: 'Close a business day',
    runHint:
      "Business days follow the time zone of the venue's organisation; closing a day again gives the same close, which follows the ledger until signed off.",
    runDone: '{{day}} closed',
    detail: 'Detail',
    detailTitle: 'Close of {{day}}',
    sign: 'Sign off',
    signConfirm: 'A signed close never changes again; later refunds count on the day they are paid back. Sign off {{day}}?',
    signDone: '{{day}} signed off',
    byMethod: 'By payment method',
    byKind: 'By item kind',
    none: 'No money taken or paid back that day',
    total: 'Total',
    ledger: 'Ledger entries #{{first}}–#{{last}}, {{n}} in all',
    ledgerNone: 'No ledger entries',
    digest: 'Digest signed',
    cash: 'Cash of the shifts',
    cashLine: '{{n}} shifts, expected {{expected}}, counted {{counted}}',
  },
  field: {
    stadiumId: 'Venue',
    stadiumName: 'Venue',
    day: 'Business day',
    days: 'Business days',
    state: 'State',
    netFen: 'Net takings',
    shifts: 'Shifts',
    cashExpectedFen: 'Cash expected',
    cashCountedFen: 'Cash counted',
    signedByName: 'Signed off by',
    signedAt: 'Signed off at',
    computedAt: 'Computed at',
    date: 'Business day',
    timeZone: 'Time zone',
  },
  state: { open: 'Open', signed: 'Signed off' },
};

export default messages;
