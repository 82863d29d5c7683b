import { useState } from 'react';
import { Button, Calendar, Card, Descriptions, Empty, Skeleton, Space, Statistic, Table, Tabs, Tag, Typography, theme } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate, useParams } from 'react-router';
import type { CardDetail, CardLogRow, CardUsageRow, Page } from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { useLang } from '../../../app/prefs.ts';
import { useTabLabel } from '../../../app/tabs.ts';
import { setBackFromCardDetail } from '../../../app/session.ts';
import { formatDay, sportName, sportOptions, useLabelT, useVenueTimeZone, venueToday } from '../../../kit/index.ts';
import { CardButtons, SharesPanel, useCardActions } from './CardDialogs.tsx';
import { cardApi, cardKey } from './card.api.ts';
import {
  NS,
  CARD_LIST_PATH,
  CardLeft,
  CodeLabel,
  Signed,
  formatTime,
  kindOptions,
  logActionOptions,
  orderDetailPath,
  statusOptions,
  useCardT,
  useValidity,
  usageKindOptions,
  yuan,
} from './shared.tsx';

/** The usage rows of one card, a page at a time. */
function UsageTab({ card }: { card: CardDetail }) {
  const t = useCardT();
  const navigate = useNavigate();
  const [pageNum, setPageNum] = useState(1);
  const rows = useQuery({
    queryKey: ['card', 'usage', card.id, pageNum],
    queryFn: () => http.post<Page<CardUsageRow>>(api.sport('card/usage/list'), { cardId: card.id, pageNum, pageSize: 10 }),
  });
  return (
    <Table<CardUsageRow>
      size="small"
      rowKey="id"
      loading={rows.isFetching}
      dataSource={rows.data?.data ?? []}
      data-testid="card-detail-usage"
      scroll={{ x: 'max-content' }}
      pagination={{ current: pageNum, pageSize: 10, total: rows.data?.total ?? 0, onChange: setPageNum, showSizeChanger: false }}
      columns={[
        { key: 'time', title: t('field.time'), dataIndex: 'createTime', className: 'kit-cell-nowrap', render: (v: string) => formatTime(v) },
        { key: 'kind', title: t('field.usageKind'), dataIndex: 'kind', render: (v: string) => <CodeLabel value={v} options={usageKindOptions} /> },
        { key: 'amount', title: t('field.change'), align: 'right', render: (_: unknown, r) => <Signed fen={r.amountFen} times={r.times} kind={card.kind} /> },
        {
          key: 'after',
          title: t('field.after'),
          align: 'right',
          render: (_: unknown, r) => (card.kind === 'value' ? yuan(r.balanceAfterFen ?? 0) : r.timesAfter === null ? '—' : t('timesN', { n: r.timesAfter })),
        },
        { key: 'member', title: t('field.usedBy'), dataIndex: 'memberName' },
        {
          key: 'order',
          title: t('field.orderNo'),
          dataIndex: 'orderNo',
          className: 'kit-cell-nowrap',
          render: (v: string | null, r) =>
            v && r.orderId ? <Typography.Link onClick={() => navigate(orderDetailPath(r.orderId!))}>{v}</Typography.Link> : '—',
        },
        { key: 'operator', title: t('field.operator'), dataIndex: 'operatorName' },
        { key: 'remark', title: t('field.remark'), dataIndex: 'remark', ellipsis: true },
      ]}
    />
  );
}

/** Expense calendar: spending (debits) per day of the month shown. */
function CalendarTab({ card }: { card: CardDetail }) {
  const t = useCardT();
  const { token } = theme.useToken();
  const today = venueToday(useVenueTimeZone());
  const [month, setMonth] = useState(() => today.format('YYYY-MM'));
  const cal = useQuery({ queryKey: ['card', 'calendar', card.id, month], queryFn: () => cardApi.calendar(card.id, month) });
  const byDay = new Map((cal.data?.days ?? []).map((d) => [d.day, d]));
  return (
    <div data-testid="card-calendar">
      <Space size={32} style={{ marginBottom: 8 }}>
        <Statistic title={t('calendar.spent', { month })} value={yuan(cal.data?.spentFen ?? 0)} />
        {card.kind !== 'value' ? <Statistic title={t('calendar.times')} value={cal.data?.times ?? 0} /> : null}
      </Space>
      <Calendar
        value={today.format('YYYY-MM') === month ? today : dayjs(`${month}-01`)}
        onPanelChange={(d: Dayjs) => setMonth(d.format('YYYY-MM'))}
        onSelect={(d: Dayjs) => setMonth(d.format('YYYY-MM'))}
        mode="month"
        cellRender={(d: Dayjs, info) => {
          if (info.type !== 'date' || d.format('YYYY-MM') !== month) return null;
          const day = byDay.get(d.format('YYYY-MM-DD'));
          if (!day || (!day.spentFen && !day.times)) return null;
          return (
            <div data-testid={`card-calendar-${d.format('YYYY-MM-DD')}`} data-fen={day.spentFen} style={{ fontSize: 12, lineHeight: 1.6 }}>
              {day.spentFen ? <div style={{ color: token.colorError, fontWeight: 600 }}>{yuan(day.spentFen)}</div> : null}
              {day.times ? <div style={{ color: token.colorTextSecondary }}>{t('timesN', { n: day.times })}</div> : null}
              <div style={{ color: token.colorTextTertiary }}>{t('calendar.count', { count: day.count })}</div>
            </div>
          );
        }}
      />
    </div>
  );
}

/** What a log row changed, as "before → after". */
function LogChange({ row }: { row: CardLogRow }) {
  const t = useCardT();
  const lang = useLang();
  const all = [...new Set([...Object.keys(row.before ?? {}), ...Object.keys(row.after ?? {})])];
  // An id beside its name or number (managerId and managerName, refundId and refundNo): the name alone.
  const keys = all.filter((k) => !(k.endsWith('Id') && (all.includes(`${k.slice(0, -2)}Name`) || all.includes(`${k.slice(0, -2)}No`))));
  if (!keys.length) return <>—</>;
  const show = (k: string, v: unknown) => {
    if (v === null || v === undefined || v === '') return '—';
    if (k === 'status' && typeof v === 'string') return t.dynamic('status', v);
    if (k.endsWith('Fen') && typeof v === 'number') return yuan(v);
    if (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v)) return formatDay(v, lang);
    if (typeof v === 'boolean') return v ? '✓' : '✗';
    if (Array.isArray(v))
      return v.length
        ? v
            .map((x) => (x && typeof x === 'object' && 'from' in x ? `${String(x.from)}–${String(x.to)}` : k === 'sports' ? sportName(String(x)) : String(x)))
            .join(', ')
        : t('rules.all');
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
  return (
    <Space orientation="vertical" size={0}>
      {keys.map((k) => (
        <span key={k}>
          <Typography.Text type="secondary">{t.dynamic('logField', k)}: </Typography.Text>
          {show(k, row.before?.[k])} → {show(k, row.after?.[k])}
        </span>
      ))}
    </Space>
  );
}

function LogsTab({ card }: { card: CardDetail }) {
  const t = useCardT();
  return (
    <Table<CardLogRow>
      size="small"
      rowKey="id"
      dataSource={card.logs}
      pagination={{ pageSize: 10, hideOnSinglePage: true }}
      data-testid="card-detail-logs"
      locale={{ emptyText: t('log.none') }}
      columns={[
        { key: 'time', title: t('field.time'), dataIndex: 'createTime', className: 'kit-cell-nowrap', render: (v: string) => formatTime(v) },
        {
          key: 'action',
          title: t('field.logAction'),
          dataIndex: 'action',
          render: (v: string) => <CodeLabel value={v} options={logActionOptions} testId="card-log-action" />,
        },
        { key: 'change', title: t('field.logChange'), render: (_: unknown, r) => <LogChange row={r} /> },
        { key: 'reason', title: t('field.reason'), dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
        { key: 'operator', title: t('field.operator'), dataIndex: 'operatorName' },
      ]}
    />
  );
}

/** sport.card.detail (cardDetail): one card with its usage, expense calendar, sharers, logs and actions. */
export default function CardDetailPage() {
  const t = useCardT();
  const optionLabel = useLabelT(NS);
  const navigate = useNavigate();
  const params = useParams();
  const id = Number(params.cardId);
  const valid = Number.isInteger(id) && id > 0;
  const detail = useQuery({ queryKey: cardKey(id), queryFn: () => cardApi.card(id), enabled: valid });
  const { run, dialogs } = useCardActions(() => void detail.refetch());
  const validity = useValidity();
  const [tab, setTab] = useState('usage');
  useTabLabel(detail.data?.cardNo);

  const backToList = () => {
    setBackFromCardDetail(true);
    navigate(CARD_LIST_PATH);
  };
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={backToList} data-testid="card-detail-back">
      {t('detail.back')}
    </Button>
  );

  if (valid && detail.isLoading) return <Skeleton active />;
  const c = detail.data;
  if (!c)
    return (
      <Card variant="borderless">
        <Empty description={t('detail.notFound')} data-testid="card-detail-missing">
          {back}
        </Empty>
      </Card>
    );

  const rules = c.rules;
  const ruleText = [
    rules.perDay ? t('rule.perDay', { n: rules.perDay }) : null,
    rules.perWeek ? t('rule.perWeek', { n: rules.perWeek }) : null,
    rules.timeBands.length ? rules.timeBands.map((b) => `${b.from}–${b.to}`).join(', ') : null,
    rules.sports.length ? rules.sports.map((s) => optionLabel(sportOptions.find((o) => o.value === s)?.label ?? s)).join('/') : null,
    rules.venueIds.length ? t('rule.venues', { n: rules.venueIds.length }) : null,
  ].filter(Boolean);

  return (
    <div data-testid="card-detail" data-card-no={c.cardNo} data-card-id={c.id}>
      <Card
        variant="borderless"
        title={
          <Space wrap>
            <Typography.Text strong style={{ fontSize: 16 }}>
              {c.cardNo}
            </Typography.Text>
            <CodeLabel value={c.kind} options={kindOptions} />
            <CodeLabel value={c.status} options={statusOptions} testId="card-detail-status" />
          </Space>
        }
        extra={
          <Space>
            <Button type="text" icon={<ReloadOutlined spin={detail.isFetching} />} aria-label={t('detail.refresh')} onClick={() => void detail.refetch()} />
            {back}
          </Space>
        }
        style={{ marginBottom: 16 }}
      >
        <div style={{ display: 'flex', gap: 32, flexWrap: 'wrap', alignItems: 'flex-start' }}>
          <div style={{ minWidth: 180 }}>
            <Typography.Text type="secondary">
              {c.kind === 'value' ? t('field.balance') : c.kind === 'times' ? t('field.timesLeft') : t('field.validTo')}
            </Typography.Text>
            <div style={{ marginTop: 4 }}>
              <CardLeft card={c} strong testId="card-detail-left" />
            </div>
          </div>
          <Descriptions size="small" column={{ xs: 1, md: 2, xl: 3 }} style={{ flex: 1, minWidth: 320 }}>
            <Descriptions.Item label={t('field.typeName')}>{c.typeName}</Descriptions.Item>
            <Descriptions.Item label={t('field.member')}>
              {c.memberName} · {c.memberNo}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.memberPhone')}>{c.memberPhone}</Descriptions.Item>
            <Descriptions.Item label={t('field.validity')}>{validity(c.validFrom, c.validTo)}</Descriptions.Item>
            <Descriptions.Item label={t('field.manager')}>{c.managerName ?? '—'}</Descriptions.Item>
            {c.frozenDays || c.status === 'frozen' ? (
              <Descriptions.Item label={t('field.frozenDays')}>
                {c.frozenAt ? `${formatTime(c.frozenAt)} · ` : ''}
                {t('daysN', { n: c.frozenDays })}
              </Descriptions.Item>
            ) : null}
            <Descriptions.Item label={t('field.rules')}>{ruleText.length ? ruleText.join('；') : t('rule.none')}</Descriptions.Item>
            <Descriptions.Item label={t('field.sharers')}>
              {c.type.maxSharers ? `${c.shares.filter((s) => s.status === 0).length} / ${c.type.maxSharers}` : t('share.notAllowed')}
            </Descriptions.Item>
            {c.orderId ? (
              <Descriptions.Item label={t('field.saleOrder')}>
                <Typography.Link onClick={() => navigate(orderDetailPath(c.orderId!))}>{t('detail.viewOrder')}</Typography.Link>
              </Descriptions.Item>
            ) : null}
            {c.remark ? <Descriptions.Item label={t('field.remark')}>{c.remark}</Descriptions.Item> : null}
          </Descriptions>
        </div>
        <div style={{ marginTop: 16 }}>
          <CardButtons card={c} run={run} except={c.type.maxSharers || c.shares.length ? ['detail'] : ['detail', 'shares']} />
        </div>
      </Card>
      <Card variant="borderless">
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            { key: 'usage', label: <span data-testid="card-tab-usage">{t('tab.usage')}</span>, children: <UsageTab card={c} /> },
            { key: 'calendar', label: <span data-testid="card-tab-calendar">{t('tab.calendar')}</span>, children: <CalendarTab card={c} /> },
            {
              key: 'shares',
              label: (
                <span data-testid="card-tab-shares">
                  {t('tab.shares')} {c.shares.length ? <Tag style={{ marginInlineStart: 4 }}>{c.shares.length}</Tag> : null}
                </span>
              ),
              children: <SharesPanel card={c} maxSharers={c.type.maxSharers} />,
            },
            { key: 'logs', label: <span data-testid="card-tab-logs">{t('tab.logs')}</span>, children: <LogsTab card={c} /> },
          ]}
        />
      </Card>
      {dialogs}
    </div>
  );
}
