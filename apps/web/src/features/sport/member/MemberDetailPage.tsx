import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Descriptions, Empty, Flex, Row as GridRow, Skeleton, Space, Statistic, Table, Tabs, Tag, Typography, Upload } from 'antd';
import { ArrowLeftOutlined, EditOutlined, IdcardOutlined, StopOutlined, TagsOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import {
  MEMBER_IMAGE_MAX_SIDE,
  MEMBER_IMAGE_MIN_SIDE,
  INVOICE_SCREEN_PATH,
  Perm,
  type BalanceAccountRow,
  type IdentityRow,
  type MemberOverview,
  type MemberRow,
  type OrderRow,
  type VisitRow,
} from '@venue/contract';
import { useDict } from '../../../app/dict.ts';
import { success } from '../../../app/feedback.tsx';
import { formatDate } from '../../../app/format.ts';
import { useLang } from '../../../app/prefs.ts';
import { useTabLabel } from '../../../app/tabs.ts';
import { FormDialog, formatDay, useCan, useKitT, type Row } from '../../../kit/index.ts';
import { memberApi, memberCommerceApi } from './member.api.ts';
import { FacePanel, ListAddDialog, TagsDialog, checkMemberImage, useRefreshMembers } from './MemberDialogs.tsx';
import { corporateFields, fillFromIdCard, memberFields, memberToBody, memberToForm } from './memberForm.tsx';
import { EntrantsPanel } from './EntrantsPanel.tsx';
import { MemberCards } from './MemberCards.tsx';
import { IdentityImages, IdentitySubmitDialog } from './IdentityDialogs.tsx';
import {
  CodeLabel,
  ListMarks,
  MemberImage,
  NS,
  TagList,
  faceStateOptions,
  identityStateOptions,
  kindOptions,
  orderPath,
  reviewStateOptions,
  sourceOptions,
  statusOptions,
  useMemberT,
  visitMethodOptions,
  yuan,
} from './shared.tsx';

const overviewKey = (id: number) => ['member', 'overview', id] as const;

function DictLabel({ dict, value }: { dict: string; value: string | number | null | undefined }) {
  const items = useDict(dict);
  if (value === null || value === undefined) return null;
  return <>{items.find((d) => d.value === String(value))?.label ?? String(value)}</>;
}

/** The base information tab: the record as descriptions. */
function BaseInfo({ m }: { m: MemberRow }) {
  const t = useMemberT();
  const lang = useLang();
  const corporate = m.kind === 'corporate';
  const person = (list: { key: string; label: string; children: ReactNode; span?: number }[]) => (corporate ? [] : list);
  const items: { key: string; label: string; children: ReactNode; span?: number }[] = [
    { key: 'memberNo', label: t('field.memberNo'), children: m.memberNo },
    { key: 'kind', label: t('field.kind'), children: <CodeLabel value={m.kind} options={kindOptions} /> },
    { key: 'name', label: corporate ? t('field.companyName') : t('field.name'), children: m.name },
    { key: 'phone', label: corporate ? t('field.contactPhone') : t('field.phone'), children: <span data-testid="member-detail-phone">{m.phone}</span> },
    ...(corporate
      ? [
          { key: 'creditCode', label: t('field.creditCode'), children: m.creditCode },
          { key: 'contactName', label: t('field.contactName'), children: m.contactName },
        ]
      : []),
    ...person([
      { key: 'sex', label: t('field.sex'), children: <DictLabel dict="sys_sex" value={m.sex} /> },
      { key: 'birthday', label: t('field.birthday'), children: m.birthday ? formatDay(m.birthday, lang) : null },
      { key: 'idType', label: t('field.idType'), children: <DictLabel dict="sys_id_type" value={m.idType} /> },
      { key: 'idNo', label: t('field.idNo'), children: m.idNo },
    ]),
    { key: 'level', label: t('field.level'), children: <DictLabel dict="sport_member_level" value={m.level} /> },
    { key: 'status', label: t('field.status'), children: <CodeLabel value={m.status} options={statusOptions} /> },
    { key: 'source', label: t('field.source'), children: <CodeLabel value={m.source} options={sourceOptions} /> },
    { key: 'registerDate', label: t('field.registerDate'), children: formatDay(m.registerDate, lang) },
    ...person([
      { key: 'referrer', label: t('field.referrerName'), children: m.referrerName },
      { key: 'company', label: t('field.company'), children: m.companyName },
      { key: 'identityState', label: t('field.identityState'), children: <CodeLabel value={m.identityState} options={identityStateOptions} /> },
      { key: 'faceState', label: t('field.faceState'), children: <CodeLabel value={m.faceState} options={faceStateOptions} /> },
    ]),
    { key: 'tags', label: t('field.tags'), children: <TagList tags={m.tags} /> },
    { key: 'orgName', label: t('field.orgName'), children: m.orgName },
    { key: 'address', label: t('field.address'), children: m.address, span: 2 },
    { key: 'remark', label: t('field.remark'), children: m.remark, span: 2 },
    { key: 'createTime', label: t('field.createTime'), children: formatDate(m.createTime, lang) },
    { key: 'updateTime', label: t('field.updateTime'), children: formatDate(m.updateTime, lang) },
  ];
  return (
    <Flex gap={24} align="flex-start" wrap>
      <Descriptions
        bordered
        size="small"
        column={{ xs: 1, md: 2 }}
        items={items}
        styles={{ label: { width: 130 } }}
        style={{ flex: 1, minWidth: 320 }}
        data-testid="member-detail-base"
      />
      <PhotoBox member={m} />
    </Flex>
  );
}

/** The member's photo (not the face: the record's picture), uploaded with the edit permission. */
function PhotoBox({ member }: { member: MemberRow }) {
  const t = useMemberT();
  const can = useCan();
  const refresh = useRefreshMembers();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const pick = async (file: File) => {
    setProblem(null);
    const p = await checkMemberImage(file);
    if (p) {
      setProblem(t(`face.${p.key}`, { min: MEMBER_IMAGE_MIN_SIDE, max: MEMBER_IMAGE_MAX_SIDE, ...('w' in p ? { w: p.w, h: p.h } : {}) }));
      return;
    }
    setBusy(true);
    try {
      await memberApi.uploadPhoto(member.id, file);
      success(t('photo.uploaded'));
      await refresh();
    } catch {
      /* the request layer showed why */
    } finally {
      setBusy(false);
    }
  };
  if (!member.hasPhoto && !can(Perm.member.edit)) return null;
  return (
    <Flex vertical gap={8} align="center" style={{ width: 140 }} data-testid="member-photo">
      <MemberImage memberId={member.id} which="photo" present={member.hasPhoto} stamp={member.version} size={140} testId="member-photo-image" />
      {can(Perm.member.edit) ? (
        <Upload
          accept=".png,.jpg,.jpeg,image/png,image/jpeg"
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void pick(file);
            return Upload.LIST_IGNORE;
          }}
        >
          <Button size="small" icon={<UploadOutlined />} loading={busy} data-testid="member-photo-upload">
            {member.hasPhoto ? t('photo.replace') : t('photo.upload')}
          </Button>
        </Upload>
      ) : null}
      {problem ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}

/** The balance accounts of the member (accountInfo). */
function AccountTab({ accounts }: { accounts: BalanceAccountRow[] }) {
  const t = useMemberT();
  const lang = useLang();
  return (
    <Table<BalanceAccountRow>
      rowKey="id"
      scroll={{ x: 'max-content' }}
      size="small"
      dataSource={accounts}
      pagination={false}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('detail.account.none')} /> }}
      data-testid="member-detail-accounts"
      columns={[
        { key: 'accountNo', dataIndex: 'accountNo', title: t('detail.account.accountNo'), className: 'kit-cell-nowrap' },
        { key: 'holderName', dataIndex: 'holderName', title: t('detail.account.holderName') },
        { key: 'balanceFen', dataIndex: 'balanceFen', title: t('detail.account.balance'), align: 'right', render: (v: number) => yuan(v) },
        {
          key: 'status',
          dataIndex: 'status',
          title: t('detail.account.status'),
          render: (v: string) => <Tag color={v === 'active' ? 'green' : 'default'}>{t.dynamic('detail.account.statusOf', v)}</Tag>,
        },
        {
          key: 'createTime',
          dataIndex: 'createTime',
          title: t('detail.account.createTime'),
          className: 'kit-cell-nowrap',
          render: (v: string) => formatDate(v, lang),
        },
      ]}
    />
  );
}

const orderColor: Record<string, string> = {
  pending: 'gold',
  paid: 'green',
  completed: 'blue',
  cancelled: 'default',
  part_refunded: 'purple',
  refunded: 'magenta',
};

/** The member's orders: the commerce order list filtered by the member. */
function OrdersTab({ memberId }: { memberId: number }) {
  const t = useMemberT();
  const lang = useLang();
  const navigate = useNavigate();
  const can = useCan();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const allowed = can(Perm.order.list);
  const q = useQuery({
    queryKey: ['member', 'orders', memberId, page],
    queryFn: () => memberCommerceApi.orders({ memberId, ...page, sortField: 'createTime', sortOrder: 'descend' }),
    enabled: allowed,
  });
  if (!allowed) return <Empty description={t('detail.never')} />;
  return (
    <Table<OrderRow>
      rowKey="id"
      scroll={{ x: 'max-content' }}
      size="small"
      loading={q.isFetching}
      dataSource={q.data?.data ?? []}
      data-testid="member-detail-orders"
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: q.data?.total ?? 0,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      columns={[
        {
          key: 'orderNo',
          dataIndex: 'orderNo',
          title: t('detail.orders.orderNo'),
          className: 'kit-cell-nowrap',
          render: (v: string, r) => <Typography.Link onClick={() => navigate(orderPath(r.id))}>{v}</Typography.Link>,
        },
        { key: 'itemSummary', dataIndex: 'itemSummary', title: t('detail.orders.items'), ellipsis: true },
        { key: 'payableFen', dataIndex: 'payableFen', title: t('detail.orders.payable'), align: 'right', render: (v: number) => yuan(v) },
        { key: 'paidFen', dataIndex: 'paidFen', title: t('detail.orders.paid'), align: 'right', render: (v: number) => yuan(v) },
        { key: 'refundedFen', dataIndex: 'refundedFen', title: t('detail.orders.refunded'), align: 'right', render: (v: number) => yuan(v) },
        {
          key: 'state',
          dataIndex: 'state',
          title: t('detail.orders.state'),
          render: (v: string) => <Tag color={orderColor[v] ?? 'default'}>{t.dynamic('detail.orders.stateOf', v)}</Tag>,
        },
        {
          key: 'createTime',
          dataIndex: 'createTime',
          title: t('detail.orders.createTime'),
          className: 'kit-cell-nowrap',
          render: (v: string) => formatDate(v, lang),
        },
        ...(can(Perm.invoice.add)
          ? [
              {
                key: 'invoice',
                title: '',
                render: (_: unknown, r: OrderRow) =>
                  r.state === 'paid' || r.state === 'completed' ? (
                    <Typography.Link onClick={() => navigate(`${INVOICE_SCREEN_PATH}?orderId=${r.id}`)} data-testid="member-order-invoice">
                      {t('detail.orders.invoice')}
                    </Typography.Link>
                  ) : null,
              },
            ]
          : []),
      ]}
    />
  );
}

/** Totals (userConsume). */
function ConsumeTab({ o }: { o: MemberOverview }) {
  const t = useMemberT();
  const lang = useLang();
  const average = o.orderCount ? Math.round(o.spentFen / o.orderCount) : 0;
  const cards: { key: string; label: string; value: ReactNode }[] = [
    { key: 'spent', label: t('detail.spent'), value: yuan(o.spentFen) },
    { key: 'orderCount', label: t('detail.orderCount'), value: o.orderCount },
    { key: 'average', label: t('detail.consume.average'), value: yuan(average) },
    { key: 'balance', label: t('detail.balance'), value: yuan(o.balanceFen) },
    { key: 'visitCount', label: t('detail.visitCount'), value: o.visitCount },
    { key: 'lastVisit', label: t('detail.lastVisit'), value: o.lastVisit ? formatDate(o.lastVisit, lang) : t('detail.never') },
  ];
  return (
    <div data-testid="member-detail-consume">
      <GridRow gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.key} xs={12} md={8} xl={4}>
            <Card size="small">
              <Statistic title={c.label} value={c.value as string} styles={{ content: { fontSize: 20 } }} />
            </Card>
          </Col>
        ))}
      </GridRow>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 0 }}>
        {t('detail.consume.hint')}
      </Typography.Paragraph>
    </div>
  );
}

/** Visits (check-ins). */
function VisitsTab({ memberId }: { memberId: number }) {
  const t = useMemberT();
  const lang = useLang();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const q = useQuery({ queryKey: ['member', 'visits', memberId, page], queryFn: () => memberApi.visits(memberId, page) });
  return (
    <Table<VisitRow>
      rowKey="id"
      scroll={{ x: 'max-content' }}
      size="small"
      loading={q.isFetching}
      dataSource={q.data?.data ?? []}
      data-testid="member-detail-visits"
      pagination={{
        current: page.pageNum,
        pageSize: page.pageSize,
        total: q.data?.total ?? 0,
        onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
      }}
      columns={[
        {
          key: 'createTime',
          dataIndex: 'createTime',
          title: t('detail.visits.time'),
          className: 'kit-cell-nowrap',
          render: (v: string) => formatDate(v, lang),
        },
        { key: 'method', dataIndex: 'method', title: t('detail.visits.method'), render: (v: string) => <CodeLabel value={v} options={visitMethodOptions} /> },
        { key: 'cardId', dataIndex: 'cardId', title: t('detail.visits.card'), render: (v: number | null) => (v ? `#${v}` : null) },
        { key: 'timesUsed', dataIndex: 'timesUsed', title: t('detail.visits.timesUsed'), align: 'right' },
        { key: 'operatorName', dataIndex: 'operatorName', title: t('detail.visits.operator') },
      ]}
    />
  );
}

/** The member's identity checks, newest first, and a new submission. */
function IdentityTab({ member }: { member: MemberRow }) {
  const t = useMemberT();
  const lang = useLang();
  const can = useCan();
  const [submitting, setSubmitting] = useState(false);
  const q = useQuery({
    queryKey: ['member', 'identities', member.id],
    queryFn: () => memberApi.identities({ memberId: member.id, pageNum: 1, pageSize: 50, sortField: 'createTime', sortOrder: 'descend' }),
    enabled: can(Perm.member.identity),
  });
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      <Space>
        <Typography.Text type="secondary">{t('field.identityState')}</Typography.Text>
        <CodeLabel value={member.identityState} options={identityStateOptions} testId="member-detail-identity-state" />
        {can(Perm.member.identity) && member.identityState !== 'pending' ? (
          <Button size="small" icon={<IdcardOutlined />} onClick={() => setSubmitting(true)} data-testid="member-detail-identity-submit">
            {t('identity.submit')}
          </Button>
        ) : null}
      </Space>
      {can(Perm.member.identity) ? (
        <Table<IdentityRow>
          rowKey="id"
          scroll={{ x: 'max-content' }}
          size="small"
          loading={q.isFetching}
          dataSource={q.data?.data ?? []}
          pagination={false}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('identity.none')} /> }}
          expandable={{ expandedRowRender: (r) => <IdentityImages row={r} />, rowExpandable: (r) => r.images.length > 0 }}
          columns={[
            {
              key: 'createTime',
              dataIndex: 'createTime',
              title: t('identity.createTime'),
              className: 'kit-cell-nowrap',
              render: (v: string) => formatDate(v, lang),
            },
            { key: 'realName', dataIndex: 'realName', title: t('identity.realName') },
            { key: 'idNo', dataIndex: 'idNo', title: t('identity.idNo'), className: 'kit-cell-nowrap' },
            { key: 'state', dataIndex: 'state', title: t('identity.state'), render: (v: string) => <CodeLabel value={v} options={reviewStateOptions} /> },
            { key: 'reviewedByName', dataIndex: 'reviewedByName', title: t('identity.reviewedBy') },
            { key: 'reviewRemark', dataIndex: 'reviewRemark', title: t('identity.remark'), ellipsis: true },
          ]}
        />
      ) : null}
      <IdentitySubmitDialog open={submitting} member={member} onClose={() => setSubmitting(false)} />
    </Space>
  );
}

function Figure({ label, value, testId }: { label: string; value: ReactNode; testId: string }) {
  return (
    <div data-testid={testId}>
      <Statistic title={label} value={value as string} styles={{ content: { fontSize: 20 } }} />
    </div>
  );
}

/**
 * sport.member.userInfo (userManagement/userInfo): one member's page. The head shows who they are
 * (photo, number, kind, status, lists, tags) and their figures; tabs hold the base information,
 * balance accounts, orders, spending, cards, visits, face and identity (entrants for a company).
 */
export default function MemberDetailPage() {
  const t = useMemberT();
  const tk = useKitT();
  const can = useCan();
  const lang = useLang();
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.memberId);
  const refresh = useRefreshMembers();
  const q = useQuery({ queryKey: overviewKey(id), queryFn: () => memberApi.overview(id), enabled: Number.isInteger(id) && id > 0 });
  const [tab, setTab] = useState('baseInfo');
  const [editing, setEditing] = useState(false);
  const [tagging, setTagging] = useState<MemberRow[] | null>(null);
  const [listing, setListing] = useState(false);
  const canPrivate = can(Perm.member.private);
  useTabLabel(q.data?.member.name);

  if (q.isLoading) return <Skeleton active />;
  const o = q.data;
  if (!o) return <Empty description={t('detail.notFound')} data-testid="member-detail-missing" />;
  const m = o.member;
  const corporate = m.kind === 'corporate';

  const items = [
    { key: 'baseInfo', children: <BaseInfo m={m} /> },
    ...(corporate ? [{ key: 'entrants', children: <EntrantsPanel company={m} /> }] : []),
    { key: 'account', children: <AccountTab accounts={o.accounts} /> },
    { key: 'orders', children: <OrdersTab memberId={m.id} /> },
    { key: 'consume', children: <ConsumeTab o={o} /> },
    { key: 'cards', children: <MemberCards memberId={m.id} /> },
    { key: 'visits', children: <VisitsTab memberId={m.id} /> },
    ...(corporate
      ? []
      : [
          { key: 'face', children: <FacePanel member={m} onChanged={() => void q.refetch()} /> },
          { key: 'identity', children: <IdentityTab member={m} /> },
        ]),
  ];

  const buttons = (
    <Space wrap>
      {can(Perm.member.edit) ? (
        <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="member-detail-edit">
          {t('action.edit')}
        </Button>
      ) : null}
      {can(Perm.member.tag) ? (
        <Button icon={<TagsOutlined />} onClick={() => setTagging([m])} data-testid="member-detail-tags">
          {t('action.tags')}
        </Button>
      ) : null}
      {can(Perm.member.blacklist) ? (
        <Button icon={<StopOutlined />} onClick={() => setListing(true)} data-testid="member-detail-list">
          {t('action.addToList')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <div data-testid="member-detail" data-member-no={m.memberNo}>
      <Space orientation="vertical" size={16} style={{ width: '100%' }}>
        <Card
          variant="borderless"
          title={
            <Space wrap size={8}>
              <Button
                type="text"
                size="small"
                icon={<ArrowLeftOutlined />}
                onClick={() => navigate('/sport/views/member/memberList/index')}
                aria-label={t('action.back')}
              />
              <span data-testid="member-detail-name">{m.name}</span>
              <Typography.Text type="secondary" style={{ fontWeight: 400 }}>
                {m.memberNo}
              </Typography.Text>
              <CodeLabel value={m.kind} options={kindOptions} />
              <CodeLabel value={m.status} options={statusOptions} testId="member-detail-status" />
              <ListMarks member={m} />
              {m.level ? (
                <Tag color="gold">
                  <DictLabel dict="sport_member_level" value={m.level} />
                </Tag>
              ) : null}
              <TagList tags={m.tags} />
            </Space>
          }
          extra={buttons}
        >
          <Flex gap={24} align="center" wrap>
            {!corporate ? <MemberImage memberId={m.id} which="face" present={m.hasFace} stamp={`${m.version}-${m.faceState}`} size={72} /> : null}
            <GridRow gutter={[24, 12]} style={{ flex: 1 }}>
              <Col xs={12} md={8} xl={4}>
                <Figure label={t('detail.balance')} value={yuan(o.balanceFen)} testId="member-detail-balance" />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <Figure label={t('detail.spent')} value={yuan(o.spentFen)} testId="member-detail-spent" />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <Figure label={t('detail.orderCount')} value={o.orderCount} testId="member-detail-orders-count" />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <Figure label={t('detail.visitCount')} value={o.visitCount} testId="member-detail-visits-count" />
              </Col>
              <Col xs={12} md={8} xl={4}>
                <Figure
                  label={t('detail.lastVisit')}
                  value={o.lastVisit ? formatDay(o.lastVisit.slice(0, 10), lang) : t('detail.never')}
                  testId="member-detail-last-visit"
                />
              </Col>
              <Col xs={12} md={8} xl={4}>
                {corporate ? (
                  <Figure label={t('detail.entrantCount')} value={o.entrantCount} testId="member-detail-entrants-count" />
                ) : (
                  <Figure label={t('detail.referredCount')} value={o.referredCount} testId="member-detail-referred-count" />
                )}
              </Col>
            </GridRow>
          </Flex>
        </Card>
        <Card variant="borderless">
          <Tabs
            activeKey={tab}
            onChange={setTab}
            items={items.map((i) => ({ ...i, label: <span data-testid={`member-tab-${i.key}`}>{t.dynamic('detail.tab', i.key)}</span> }))}
          />
        </Card>
      </Space>
      <FormDialog<MemberRow>
        id="member"
        ns={NS}
        open={editing}
        mode="edit"
        title={tk('editTitle', { name: corporate ? t('corporate') : t('member') })}
        fields={(corporate ? corporateFields(canPrivate) : memberFields(canPrivate)) as never}
        record={m}
        columns={corporate ? 1 : 2}
        width={corporate ? 560 : 820}
        toForm={memberToForm}
        toBody={(values: Row) => memberToBody(values)}
        onValuesChange={(changed, all, form) => fillFromIdCard(changed, all, form)}
        onSubmit={(body) => memberApi.update(m.id, body as never)}
        reload={() => memberApi.get(m.id)}
        onSaved={() => void refresh()}
        onClose={() => setEditing(false)}
      />
      <TagsDialog members={tagging} onClose={() => setTagging(null)} />
      <ListAddDialog open={listing} members={[m]} onClose={() => setListing(false)} />
    </div>
  );
}
