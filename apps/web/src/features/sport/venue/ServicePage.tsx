import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { Perm, type VenueRow, type venueListQuery } from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { useSession } from '../../../app/session.ts';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { venueApi } from './venue.api.ts';
import { ReviewDialog, ShopSwitch, refreshVenues } from './VenueDialogs.tsx';
import { listBody } from './VenueListPage.tsx';
import { SERVICE_KEY, ServiceDialog, contractColumns, type ServiceDialogKind } from './ServiceDialogs.tsx';
import { NS, applyStateOptions, vt, yesNoOptions } from './shared.tsx';

type Query = z.input<typeof venueListQuery>;

interface Actions {
  open: (kind: ServiceDialogKind, row: VenueRow) => void;
  review: (row: VenueRow) => void;
}

/** Makes a venue cooperative or not, after asking (`PUT stadiumInfo/update` {id, version, cooperative}). */
async function toggleCooperative(row: VenueRow): Promise<void> {
  const on = !row.cooperative;
  const ok = await confirm({ content: vt(on ? 'service.cooperateOn' : 'service.cooperateOff', { name: row.stadiumName }), danger: !on });
  if (!ok) return;
  await venueApi.update({ id: row.id, version: row.version, cooperative: on });
  success(vt(on ? 'service.cooperatedOn' : 'service.cooperatedOff'));
  await refreshVenues();
}

export function serviceDef(actions: Actions, platform: boolean): ResourceDef<VenueRow, VenueRow, Query> {
  return {
    key: SERVICE_KEY,
    ns: NS,
    name: 'venue',
    nameField: 'stadiumName',
    endpoint: { prefix: 'stadium', path: 'stadiumInfo' },
    // A screen of row actions only: venues are added, edited and deleted on the venue list.
    features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
    search: [
      { name: 'stadiumName', label: 'field.stadiumName' },
      { name: 'cooperative', label: 'field.cooperative', type: 'select', options: yesNoOptions },
      { name: 'applyState', label: 'field.applyState', type: 'select', options: applyStateOptions },
    ],
    columns: [
      { key: 'stadiumName', label: 'field.stadiumName', sorter: true },
      { key: 'orgName', label: 'field.orgName' },
      ...contractColumns,
      { key: 'cooperative', label: 'field.cooperative', format: 'yesNo' },
      { key: 'shopStatus', label: 'field.shopStatus', content: 'tag', width: 96, render: (_v, r) => <ShopSwitch venue={r} /> },
      { key: 'applyState', label: 'field.applyState', options: applyStateOptions },
    ],
    rowActions: [
      // The platform's contract with the venue: the platform alone edits it.
      { key: 'contract', label: 'service.action.contract', perm: Perm.venue.edit, visible: () => platform, run: (row) => actions.open('contract', row) },
      { key: 'info', label: 'service.action.info', run: (row) => actions.open('info', row) },
      { key: 'rules', label: 'service.action.rules', perm: Perm.venue.edit, run: (row) => actions.open('rules', row) },
      { key: 'cooperative', label: 'service.action.cooperative', perm: Perm.venue.edit, run: (row) => toggleCooperative(row) },
      { key: 'operators', label: 'service.action.operators', perm: Perm.user.list, run: (row) => actions.open('operators', row) },
      { key: 'shop', label: 'service.action.shop', run: (row) => actions.open('shop', row) },
      { key: 'api', label: 'service.action.api', run: (row) => actions.open('api', row) },
      {
        key: 'review',
        label: 'review.button',
        perm: Perm.venue.review,
        visible: (row) => platform && row.applyState === 'applied',
        run: (row) => actions.review(row),
      },
    ],
    inlineActions: 3,
    api: {
      list: (body) => venueApi.page(listBody(body)),
      get: (row) => venueApi.get(row.id),
    },
  };
}

/**
 * sport.venue.service ("服务管理", spec 2.5 serviceManagement): the venues of the caller's scope
 * with the platform's service contract (number, term with its days left, commission), whether
 * each is a cooperative venue, its shop and its application. Each row opens the contract, the
 * venue's information, its booking rules, the cooperative toggle, its operators, its shop and
 * public page, and its third-party access.
 */
export default function ServicePage() {
  const platform = useSession((s) => s.userInfo?.currentOrg?.enterpriseType === 1);
  const [dialog, setDialog] = useState<{ kind: ServiceDialogKind; id: number } | null>(null);
  const [reviewing, setReviewing] = useState<VenueRow | null>(null);
  const def = useMemo(() => serviceDef({ open: (kind, row) => setDialog({ kind, id: row.id }), review: setReviewing }, platform), [platform]);
  return (
    <>
      <ListPage def={def as ResourceDef<VenueRow>} />
      <ServiceDialog kind={dialog?.kind ?? null} venueId={dialog?.id ?? null} onClose={() => setDialog(null)} />
      <ReviewDialog venue={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
