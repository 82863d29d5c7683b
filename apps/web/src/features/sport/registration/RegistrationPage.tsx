import { useMemo, useState } from 'react';
import { PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { Perm, type RegEntryRow, type regEntryListQuery } from '@venue/contract';
import { ListPage, clockIn, useVenueOptions, type ResourceDef } from '../../../kit/index.ts';
import { PayDialog, yuan } from '../../../kit/pay/index.ts';
import { EventDrawer } from './EventDrawer.tsx';
import { EnterDialog, VerifyDialog } from './EntryDialogs.tsx';
import { GolfDialog, YearLimitDialog } from './EventDialogs.tsx';
import { DescribeDialog, DetailDialog, KitDialog, MoveDialog, cancelEntry } from './RowDialogs.tsx';
import { NS, entryStateOptions, eventTypeOptions, kitStateOptions, refreshEntries, useRegistrationT } from './shared.tsx';

const admittedOptions = [
  { value: true, label: 'yesNo.yes', color: 'green' },
  { value: false, label: 'yesNo.no' },
];

const entryResource: ResourceDef<RegEntryRow, RegEntryRow, z.input<typeof regEntryListQuery>> = {
  key: 'registrationEntries',
  ns: NS,
  name: 'entry.name',
  endpoint: { prefix: 'sport', path: 'registration/entry' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  search: [
    { name: 'stadiumId', label: 'field.stadiumId', type: 'select', useOptions: useVenueOptions },
    { name: 'member', label: 'field.member' },
    { name: 'state', label: 'field.state', type: 'select', options: entryStateOptions },
    { name: 'admitted', label: 'field.admitted', type: 'select', options: admittedOptions },
  ],
  searchVisible: 4,
  inlineActions: 3,
  columns: [
    { key: 'eventName', label: 'field.eventName' },
    { key: 'eventType', label: 'field.eventType', options: eventTypeOptions },
    { key: 'startTime', label: 'field.session', content: 'time', render: (v: string) => clockIn(v) },
    { key: 'place', label: 'field.place' },
    { key: 'memberName', label: 'field.memberName' },
    { key: 'memberPhone', label: 'field.memberPhone', content: 'code' },
    { key: 'state', label: 'field.state', options: entryStateOptions },
    { key: 'admittedTime', label: 'field.admittedTime', content: 'time', render: (v: string | null) => (v ? clockIn(v) : '—') },
    { key: 'kitState', label: 'field.kitState', options: kitStateOptions },
    { key: 'bibNo', label: 'field.bibNo', content: 'code' },
    { key: 'priceFen', label: 'field.priceFen', content: 'number', render: (v: number) => yuan(v) },
    { key: 'orderNo', label: 'field.orderNo', content: 'code', hiddenByDefault: true },
    { key: 'description', label: 'field.description', hiddenByDefault: true },
    { key: 'createTime', label: 'field.createTime', content: 'time', render: (v: string) => clockIn(v), hiddenByDefault: true },
  ],
};

type RowDialog = 'detail' | 'kit' | 'move' | 'describe';

/** sport.registration.entry (orderManagement/sportsRegistration): entries of events, and every dialog of the spec. */
export default function RegistrationPage() {
  const t = useRegistrationT();
  const [top, setTop] = useState<'event' | 'enter' | 'verify' | 'yearLimit' | 'golf' | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const [row, setRow] = useState<{ kind: RowDialog; row: RegEntryRow } | null>(null);
  const [verifying, setVerifying] = useState<RegEntryRow | null>(null);
  const open = (kind: RowDialog) => (r: RegEntryRow) => setRow({ kind, row: r });
  const P = Perm.registration;
  const def = useMemo<typeof entryResource>(
    () => ({
      ...entryResource,
      toolbar: [
        { key: 'enter', label: 'action.enter', icon: <PlusOutlined />, perm: P.enter, primary: true, run: () => setTop('enter') },
        { key: 'verify', label: 'action.verify', perm: P.verify, run: () => setTop('verify') },
        { key: 'event', label: 'action.newEvent', perm: P.event, run: () => setTop('event') },
        { key: 'golf', label: 'action.golf', perm: P.list, run: () => setTop('golf') },
        { key: 'yearLimit', label: 'action.yearLimit', perm: P.yearLimit, run: () => setTop('yearLimit') },
      ],
      rowActions: [
        { key: 'detail', label: 'action.detail', run: open('detail') },
        { key: 'verifyRow', label: 'action.verifyRow', perm: P.verify, visible: (r) => r.state === 'active' && !r.admittedTime, run: (r) => setVerifying(r) },
        { key: 'kit', label: 'action.kit', perm: P.kit, visible: (r) => r.state === 'active', run: open('kit') },
        { key: 'move', label: 'action.move', perm: P.move, visible: (r) => r.state !== 'cancelled' && !r.admittedTime, run: open('move') },
        { key: 'describe', label: 'action.describe', perm: P.enter, run: open('describe') },
        {
          key: 'cancel',
          label: 'action.cancel',
          perm: P.cancel,
          danger: true,
          visible: (r) => r.state !== 'cancelled' && !r.admittedTime,
          run: (r) => cancelEntry(t, r),
        },
      ],
    }),
    [t, P],
  );
  const close = () => setRow(null);
  return (
    <div data-testid="registration-page">
      <ListPage def={def} />
      <EventDrawer open={top === 'event'} onClose={() => setTop(null)} />
      <EnterDialog
        open={top === 'enter'}
        onClose={() => setTop(null)}
        onOrder={(id) => {
          setTop(null);
          setPaying(id);
          refreshEntries();
        }}
      />
      <VerifyDialog open={top === 'verify'} onClose={() => setTop(null)} />
      {verifying ? (
        <VerifyDialog
          open
          onClose={() => setVerifying(null)}
          preset={{ sessionId: verifying.sessionId, code: verifying.memberNo, eventId: verifying.eventId }}
        />
      ) : null}
      <YearLimitDialog open={top === 'yearLimit'} onClose={() => setTop(null)} />
      <GolfDialog open={top === 'golf'} onClose={() => setTop(null)} />
      <PayDialog orderId={paying} open={paying !== null} onClose={() => setPaying(null)} onPaid={refreshEntries} />
      <DetailDialog row={row?.kind === 'detail' ? row.row : null} onClose={close} />
      <KitDialog row={row?.kind === 'kit' ? row.row : null} onClose={close} />
      <MoveDialog row={row?.kind === 'move' ? row.row : null} onClose={close} />
      <DescribeDialog row={row?.kind === 'describe' ? row.row : null} onClose={close} />
    </div>
  );
}
