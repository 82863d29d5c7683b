import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Space, Tag, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { Perm, type VenueRow, type venueListQuery } from '@venue/contract';
import { useSession } from '../../../app/session.ts';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { venueApi } from './venue.api.ts';
import { LockDialog, ReviewDialog, ShopSwitch } from './VenueDialogs.tsx';
import { venueFields, venueToBody, venueToForm, type VenueForm } from './venueForm.tsx';
import { NS, SportTag, applyStateOptions, shopOptions, slotOptions, yesNoOptions, useVenueT } from './shared.tsx';

type Query = z.input<typeof venueListQuery>;

/** A venue's lock state: a red tag with the reason on hover, or nothing. */
function LockTag({ row }: { row: VenueRow }) {
  const t = useVenueT();
  if (!row.locked) return <Tag>{t('lockState.unlocked')}</Tag>;
  return (
    <Tooltip title={row.lockReason}>
      <Tag color="red" icon={<LockOutlined />} data-testid="venue-locked" data-row-key={row.id}>
        {t('lockState.locked')}
      </Tag>
    </Tooltip>
  );
}

/**
 * The list's filters: cooperative is chosen as yes / no (1 / 0) and sent as a boolean; the rest
 * as they are.
 */
export function listBody(body: Record<string, unknown>): Query {
  const { cooperative, ...rest } = body;
  return { ...(rest as Query), ...(cooperative === undefined || cooperative === null ? {} : { cooperative: Number(cooperative) === 1 }) };
}

const GOODS_LIST_PATH = '/sport/views/goodsMangement/goodsList/index';

export function venueDef(
  actions: { lock: (row: VenueRow) => void; review: (row: VenueRow) => void; goods: (row: VenueRow) => void },
  platform: boolean,
): ResourceDef<VenueRow, VenueForm, Query> {
  return {
    key: 'venue',
    ns: NS,
    name: 'venue',
    nameField: 'stadiumName',
    endpoint: { prefix: 'stadium', path: 'stadiumInfo' },
    perms: { add: Perm.venue.add, edit: Perm.venue.edit, remove: Perm.venue.remove },
    // One delete call per venue (DELETE stadiumInfo/delete/{id}): no batch delete, no export or import.
    features: { batchRemove: false, selection: false, export: false, import: false },
    search: [
      { name: 'stadiumName', label: 'field.stadiumName' },
      { name: 'applyState', label: 'field.applyState', type: 'select', options: applyStateOptions },
      { name: 'cooperative', label: 'field.cooperative', type: 'select', options: yesNoOptions },
      { name: 'shopStatus', label: 'field.shopStatus', type: 'select', options: shopOptions },
    ],
    columns: [
      { key: 'stadiumName', label: 'field.stadiumName', sorter: true },
      { key: 'orgName', label: 'field.orgName' },
      { key: 'mobile', label: 'field.mobile', content: 'code' },
      { key: 'phone', label: 'field.phone', content: 'code', hiddenByDefault: true },
      { key: 'address', label: 'field.address', hiddenByDefault: true },
      {
        key: 'sportcatItems',
        label: 'field.sportcatItems',
        render: (v: string[]) => (
          <Space size={[0, 4]} wrap>
            {v.map((s) => (
              <SportTag key={s} sport={s} />
            ))}
          </Space>
        ),
      },
      { key: '$hours', label: 'field.businessHours', content: 'code', render: (_v, r) => `${r.openTime}-${r.closeTime}` },
      { key: 'siteCount', label: 'field.siteCount', content: 'number' },
      { key: 'shopStatus', label: 'field.shopStatus', content: 'tag', width: 96, render: (_v, r) => <ShopSwitch venue={r} />, inDetail: false },
      { key: 'locked', label: 'field.locked', content: 'tag', render: (_v, r) => <LockTag row={r} /> },
      { key: 'lockReason', label: 'field.lockReason', inTable: false },
      { key: 'cooperative', label: 'field.cooperative', format: 'yesNo' },
      { key: 'applyState', label: 'field.applyState', options: applyStateOptions },
      { key: 'reviewRemark', label: 'field.reviewRemark', inTable: false },
      { key: 'slotMinutes', label: 'field.slotMinutes', options: slotOptions, inTable: false },
      { key: 'timeZone', label: 'field.timeZone', inTable: false },
      { key: 'contactName', label: 'field.contactName', inTable: false },
      { key: 'contactPhone', label: 'field.contactPhone', inTable: false },
      { key: 'email', label: 'field.email', inTable: false },
      { key: 'legalPerson', label: 'field.legalPerson', inTable: false },
      { key: 'licenseNo', label: 'field.licenseNo', inTable: false },
      { key: 'partnerName', label: 'field.partnerName', inTable: false },
      { key: 'partnerPhone', label: 'field.partnerPhone', inTable: false },
      { key: 'description', label: 'field.description', inTable: false, detailSpan: 2 },
      { key: 'createTime', label: 'field.createTime', format: 'datetime', sorter: true, hiddenByDefault: true },
    ],
    form: venueFields({ withOrg: platform }),
    formColumns: 2,
    toForm: venueToForm,
    toBody: (values) => venueToBody(values),
    rowActions: [
      { key: 'lock', label: 'rowLock', perm: Perm.venue.lock, run: (row) => actions.lock(row) },
      {
        key: 'review',
        label: 'review.button',
        perm: Perm.venue.review,
        visible: (row) => platform && row.applyState === 'applied',
        run: (row) => actions.review(row),
      },
      // The venue's goods: the goods list with this venue's stock, where goods are edited and shown
      // (after review, which a platform user must see inline on an application).
      { key: 'goods', label: 'rowGoods', perm: Perm.goods.list, run: (row) => actions.goods(row) },
    ],
    inlineActions: 4,
    api: {
      list: (body) => venueApi.page(listBody(body)),
      get: (row) => venueApi.get(row.id),
      create: (body) => venueApi.create(body as VenueForm),
      update: (row, body) => venueApi.update({ ...(body as VenueForm), id: row.id, version: body.version ?? row.version }),
      remove: async (ids) => {
        for (const id of ids) await venueApi.remove(Number(id));
      },
    },
  };
}

/**
 * sport.venue.list ("场馆列表", spec 2.5 venueManagementList): every venue the caller may see,
 * through the stadium calls of spec 7.5. The application-state column and filter are the
 * application management view; the cooperative column and filter the cooperative venues.
 */
export default function VenueListPage() {
  const platform = useSession((s) => s.userInfo?.currentOrg?.enterpriseType === 1);
  const [locking, setLocking] = useState<VenueRow | null>(null);
  const [reviewing, setReviewing] = useState<VenueRow | null>(null);
  const navigate = useNavigate();
  const def = useMemo(
    () => venueDef({ lock: setLocking, review: setReviewing, goods: (row) => navigate(`${GOODS_LIST_PATH}?stadiumId=${row.id}`) }, platform),
    [platform, navigate],
  );
  return (
    <>
      <ListPage def={def as ResourceDef<VenueRow>} />
      <LockDialog venue={locking} onClose={() => setLocking(null)} />
      <ReviewDialog venue={reviewing} onClose={() => setReviewing(null)} />
    </>
  );
}
