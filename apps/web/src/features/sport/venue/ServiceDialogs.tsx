import { useState, type ReactNode } from 'react';
import dayjs from 'dayjs';
import { Alert, Button, Descriptions, Modal, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { venueCreate, type OpenAppRow, type Page, type UserRow, type VenueRow } from '@venue/contract';
import { getLang } from '../../../app/prefs.ts';
import { api, http } from '../../../app/request.ts';
import { useLabelT, DetailDrawer, FormDialog, formatDay, todayIn, useKitT, type ColumnDef, type FieldDef } from '../../../kit/index.ts';
import { venueApi } from './venue.api.ts';
import { ShopSwitch, refreshVenues } from './VenueDialogs.tsx';
import { RulesForm } from './VenueManagePage.tsx';
import { venueDef } from './VenueListPage.tsx';
import { NS, applyStateOptions, mapUrl, useVenueT, vt } from './shared.tsx';

/** The dialogs of service management, one per row action. */
export type ServiceDialogKind = 'contract' | 'info' | 'rules' | 'operators' | 'shop' | 'api';

/** Service management's own queries live under the kit's key of its list, so a venue change refreshes them (refreshVenues). */
export const SERVICE_KEY = 'venueService';

/** The venue as it is now (the row a dialog was opened from may be older than the last save). */
function useVenue(id: number | null) {
  return useQuery({ queryKey: ['kit', SERVICE_KEY, 'one', id], queryFn: () => venueApi.get(id!), enabled: id !== null });
}

/** A contract term's state on a day: not started, running (days left) or expired. */
export function termState(
  from: string | null,
  to: string | null,
  today: string,
): { kind: 'none' | 'notStarted' | 'running' | 'today' | 'expired'; days: number } {
  if (!to) return { kind: 'none', days: 0 };
  const day = dayjs(today);
  if (from && dayjs(from).isAfter(day, 'day')) return { kind: 'notStarted', days: dayjs(from).diff(day, 'day') };
  const left = dayjs(to).diff(day, 'day');
  if (left < 0) return { kind: 'expired', days: left };
  return { kind: left === 0 ? 'today' : 'running', days: left };
}

/** Days left before a contract expires that make its tag a warning. */
const SOON_DAYS = 30;

/**
 * The contract term as text ('2026-01-01 – 2028-12-31', in the language's day format) with its
 * state as a tag: plain elements around text, so the kit measures the column's width.
 */
function termCell(row: VenueRow) {
  const lang = getLang();
  if (!row.contractFrom && !row.contractTo) return <Tag>{vt('service.term.none')}</Tag>;
  const s = termState(row.contractFrom, row.contractTo, todayIn(row.timeZone));
  const tag =
    s.kind === 'expired' ? (
      <Tag color="red">{vt('service.term.expired')}</Tag>
    ) : s.kind === 'today' ? (
      <Tag color="orange">{vt('service.term.today')}</Tag>
    ) : s.kind === 'running' ? (
      <Tag color={s.days <= SOON_DAYS ? 'orange' : 'green'}>{vt('service.term.expiresIn', { n: s.days })}</Tag>
    ) : s.kind === 'notStarted' ? (
      <Tag color="blue">{vt('service.term.notStarted', { n: s.days })}</Tag>
    ) : null;
  const text = `${formatDay(row.contractFrom, lang) || '…'} – ${formatDay(row.contractTo, lang) || '…'} `;
  return (
    <span data-testid="venueService-term" data-row-key={row.id} data-state={s.kind} data-days={s.days}>
      {text}
      {tag}
    </span>
  );
}

/** The service contract's columns: in the table, and in the venue's information. */
export const contractColumns: ColumnDef<VenueRow>[] = [
  { key: 'contractNo', label: 'field.contractNo', content: 'code', render: (v: string | null) => v ?? '—' },
  { key: '$term', label: 'field.contractTerm', content: 'tag', render: (_v, r) => termCell(r) },
  { key: 'commissionPercent', label: 'field.commissionPercent', content: 'number', render: (v: number) => `${v}%` },
];

const V = venueCreate.shape;

/** The service contract's fields (only here: the venue's own form has none). */
const contractFields: FieldDef[] = [
  { name: 'contractNo', label: 'field.contractNo', rule: V.contractNo, span: 2 },
  { name: 'contractFrom', label: 'field.contractFrom', type: 'date', rule: V.contractFrom },
  { name: 'contractTo', label: 'field.contractTo', type: 'date', rule: V.contractTo },
  {
    name: 'commissionPercent',
    label: 'field.commissionPercent',
    type: 'integer',
    rule: V.commissionPercent,
    required: true,
    props: { suffix: '%', maxLength: 3 },
  },
];

/**
 * The contract dialog: number, term and commission of the platform's service contract with the
 * venue, saved with `PUT stadiumInfo/update` ({id, version, changed fields}). The kit's form
 * dialog: 'no changes', inline field errors (an end before the start), a stale version offers a reload.
 */
function ContractDialog({ venue, onClose }: { venue: VenueRow; onClose: () => void }) {
  const t = useVenueT();
  return (
    <FormDialog<VenueRow>
      id="venueContract"
      ns={NS}
      open
      mode="edit"
      title={t('service.contractTitle', { name: venue.stadiumName })}
      fields={contractFields}
      record={venue}
      columns={2}
      width={640}
      onSubmit={(body, _mode, row) =>
        venueApi.update({ ...(body as Parameters<typeof venueApi.update>[0]), id: row!.id, version: (body.version as number | undefined) ?? row!.version })
      }
      reload={(row) => venueApi.get(row.id)}
      onSaved={() => void refreshVenues()}
      onClose={onClose}
    />
  );
}

/** The venue's information, read-only: the venue list's columns and details, in the kit's detail drawer. */
const infoColumns: ColumnDef<VenueRow>[] = [
  ...venueDef({ lock: () => undefined, review: () => undefined, goods: () => undefined }, false).columns,
  ...contractColumns,
];

const operatorColors: Record<number, string> = { 0: 'green', 1: 'orange', 2: 'default' };

/** The users of the venue's organisation (`POST {system}user/list` {orgId}), read-only, a page at a time. */
function OperatorsTable({ venue }: { venue: VenueRow }) {
  const t = useVenueT();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const users = useQuery({
    queryKey: ['kit', SERVICE_KEY, 'operators', venue.orgId, page.pageNum, page.pageSize],
    queryFn: () => http.post<Page<UserRow>>(api.system('user/list'), { orgId: venue.orgId, ...page }),
  });
  return (
    <>
      <Typography.Paragraph type="secondary">{t('service.operatorsHint', { org: venue.orgName })}</Typography.Paragraph>
      <Table<UserRow>
        size="small"
        rowKey="id"
        loading={users.isFetching}
        dataSource={users.data?.data ?? []}
        data-testid="venueService-operators-table"
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: users.data?.total ?? 0,
          showSizeChanger: false,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { key: 'code', dataIndex: 'code', title: t('service.operator.code'), className: 'kit-cell-nowrap' },
          { key: 'name', dataIndex: 'name', title: t('service.operator.name') },
          { key: 'mobile', dataIndex: 'mobile', title: t('service.operator.mobile'), className: 'kit-cell-nowrap', render: (v: string | null) => v ?? '—' },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('service.operator.status'),
            render: (v: number) => <Tag color={operatorColors[v] ?? 'default'}>{t.dynamic('service.operator.statusOf', v)}</Tag>,
          },
        ]}
      />
    </>
  );
}

/** The online shop (its status switch) and the venue's public page: name, address, map location, telephone, hours. */
function ShopPanel({ venue }: { venue: VenueRow }) {
  const t = useVenueT();
  const optionLabel = useLabelT(NS);
  const apply = applyStateOptions.find((o) => o.value === venue.applyState);
  const located = venue.latitude !== null && venue.longitude !== null;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Descriptions size="small" bordered column={1} title={t('service.shop.section')} styles={{ label: { width: 140 } }}>
        <Descriptions.Item label={t('service.shop.status')}>
          <ShopSwitch venue={venue} size="default" />
        </Descriptions.Item>
        <Descriptions.Item label={t('service.shop.applyState')}>
          {apply ? <Tag color={apply.color}>{optionLabel(apply.label)}</Tag> : venue.applyState}
        </Descriptions.Item>
      </Descriptions>
      <Descriptions size="small" bordered column={1} title={t('service.shop.page')} styles={{ label: { width: 140 } }} data-testid="venueService-page">
        <Descriptions.Item label={t('service.shop.name')}>{venue.stadiumName}</Descriptions.Item>
        <Descriptions.Item label={t('service.shop.address')}>{venue.address ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('service.shop.location')}>
          {located ? (
            <Typography.Link href={mapUrl(venue.latitude!, venue.longitude!)} target="_blank" rel="noopener noreferrer" data-testid="venueService-map">
              <EnvironmentOutlined /> {t('openMap')} ({venue.latitude}, {venue.longitude})
            </Typography.Link>
          ) : (
            <Typography.Text type="secondary">
              <EnvironmentOutlined /> {t('service.shop.noLocation')}
            </Typography.Text>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('service.shop.phone')}>{[venue.phone, venue.mobile].filter(Boolean).join(' / ') || '—'}</Descriptions.Item>
        <Descriptions.Item label={t('service.shop.hours')}>
          {venue.openTime}-{venue.closeTime}
        </Descriptions.Item>
      </Descriptions>
    </Space>
  );
}

/** The open-API applications of the venue's organisation (`POST {system}openApp/list` {orgId}), read-only, a page at a time. */
function ApiTable({ venue }: { venue: VenueRow }) {
  const t = useVenueT();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const apps = useQuery({
    queryKey: ['kit', SERVICE_KEY, 'apps', venue.orgId, page.pageNum, page.pageSize],
    queryFn: () => http.post<Page<OpenAppRow>>(api.system('openApp/list'), { orgId: venue.orgId, ...page }),
  });
  return (
    <Table<OpenAppRow>
      size="small"
      rowKey="id"
      dataSource={apps.data?.data ?? []}
      loading={apps.isFetching}
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: apps.data?.total ?? 0,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      data-testid="venueService-api-table"
      columns={[
        { key: 'appName', dataIndex: 'name', title: t('service.api.appName') },
        { key: 'appKey', dataIndex: 'appKey', title: t('service.api.appKey') },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('service.api.status'),
          render: (v: number) => (v === 0 ? <Tag color="green">{t('field.enabled')}</Tag> : <Tag>{t('siteStatus.stopped')}</Tag>),
        },
      ]}
    />
  );
}

/** A read-only dialog with one Close button (test ids `venueService-<kind>` and `venueService-<kind>-close`). */
function ViewModal({
  kind,
  title,
  width = 720,
  onClose,
  children,
}: {
  kind: ServiceDialogKind;
  title: string;
  width?: number;
  onClose: () => void;
  children: ReactNode;
}) {
  const tk = useKitT();
  return (
    <Modal
      open
      title={title}
      width={width}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Button onClick={onClose} data-testid={`venueService-${kind}-close`}>
          {tk('close')}
        </Button>
      }
    >
      <div data-testid={`venueService-${kind}`}>{children}</div>
    </Modal>
  );
}

/**
 * The dialog of one row action of service management, on the venue as it is now (read again
 * when it opens and after every save).
 */
export function ServiceDialog({ kind, venueId, onClose }: { kind: ServiceDialogKind | null; venueId: number | null; onClose: () => void }) {
  const t = useVenueT();
  const query = useVenue(kind ? venueId : null);
  const venue = query.data;
  if (!kind || venueId === null) return null;
  if (kind === 'info') {
    return (
      <DetailDrawer<VenueRow>
        id="venueService-info"
        ns={NS}
        open
        title={t('service.infoTitle', { name: venue?.stadiumName ?? '' })}
        columns={infoColumns}
        record={venue ?? null}
        onClose={onClose}
      />
    );
  }
  if (!venue) {
    return (
      <Modal open footer={null} onCancel={onClose} title=" ">
        {query.isError ? <Alert type="error" showIcon title={t('service.loadFailed')} /> : <Skeleton active />}
      </Modal>
    );
  }
  switch (kind) {
    case 'contract':
      return <ContractDialog venue={venue} onClose={onClose} />;
    case 'rules':
      return (
        <Modal open title={t('service.rulesTitle', { name: venue.stadiumName })} width={880} footer={null} onCancel={onClose} destroyOnHidden>
          <div data-testid="venueService-rules">
            <RulesForm venue={venue} reload={() => query.refetch()} onSaved={onClose} />
          </div>
        </Modal>
      );
    case 'operators':
      return (
        <ViewModal kind="operators" title={t('service.operatorsTitle', { name: venue.stadiumName })} onClose={onClose}>
          <OperatorsTable venue={venue} />
        </ViewModal>
      );
    case 'shop':
      return (
        <ViewModal kind="shop" title={t('service.shopTitle', { name: venue.stadiumName })} width={640} onClose={onClose}>
          <ShopPanel venue={venue} />
        </ViewModal>
      );
    case 'api':
      return (
        <ViewModal kind="api" title={t('service.apiTitle', { name: venue.stadiumName })} onClose={onClose}>
          <ApiTable venue={venue} />
        </ViewModal>
      );
    default:
      return null;
  }
}
