import { useState } from 'react';
import { Button, Card, DatePicker, Descriptions, Empty, Select, Space, Table, Tabs, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { z } from 'zod';
import {
  CONSIGN_PAY_METHODS,
  Perm,
  coursePartnerCreate,
  type ConsignCourseRow,
  type ConsignLine,
  type CoursePartnerRow,
  type coursePartnerListQuery,
} from '@venue/contract';
import { success } from '../../../../app/feedback.tsx';
import { ListPage, todayIn, useCan, useVenueTimeZone, type ResourceDef, type Row } from '../../../../kit/index.ts';

import { PayoutDialog } from '../PayoutDialog.tsx';
import { NS, consignApi, formatTime, statusOptions, toFen, useConsignT, usePartnerOptions, yuan } from './shared.tsx';

function ShareRule({ permille, feeFen }: { permille: number; feeFen: number }) {
  const t = useConsignT();
  const share = (permille / 10).toFixed(permille % 10 ? 1 : 0);
  return <>{feeFen ? t('ruleText', { share, fee: yuan(feeFen) }) : t('ruleTextNoFee', { share })}</>;
}

type PartnerForm = z.input<typeof coursePartnerCreate> & { sharePercent?: number | null; seatFeeYuan?: number | null };

/** The form shows a percentage and yuan; the wire carries per mille and fen. */
function partnerBody(values: Row): Row {
  const { sharePercent, seatFeeYuan, ...rest } = values as Row & { sharePercent?: number | null; seatFeeYuan?: number | null };
  const out: Row = { ...rest };
  if (sharePercent !== undefined && sharePercent !== null) out.sharePermille = Math.round(sharePercent * 10);
  if (seatFeeYuan !== undefined) out.seatFeeFen = seatFeeYuan === null ? 0 : toFen(seatFeeYuan);
  return out;
}

export const partnerResource: ResourceDef<CoursePartnerRow, PartnerForm, z.input<typeof coursePartnerListQuery>> = {
  key: 'coursePartner',
  ns: NS,
  name: 'partner',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'course/partner' },
  perms: { add: Perm.courseConsign.add, edit: Perm.courseConsign.edit, export: Perm.courseConsign.list },
  features: { remove: false, batchRemove: false, selection: false, import: false, detail: false },
  search: [
    { name: 'name', label: 'field.name' },
    { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
  ],
  columns: [
    { key: 'name', label: 'field.name', sorter: true },
    { key: 'contact', label: 'field.contact' },
    { key: 'phone', label: 'field.phone', content: 'code' },
    { key: 'account', label: 'field.account' },
    { key: '$share', label: 'field.share', render: (_: unknown, r) => <ShareRule permille={r.sharePermille} feeFen={r.seatFeeFen} /> },
    { key: 'courses', label: 'field.courses', content: 'number' },
    { key: 'status', label: 'field.status', options: statusOptions },
    { key: 'remark', label: 'field.remark', hiddenByDefault: true },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', hiddenByDefault: true },
  ],
  form: [
    { name: 'name', label: 'field.name', rule: coursePartnerCreate.shape.name },
    { name: 'contact', label: 'field.contact', rule: coursePartnerCreate.shape.contact },
    { name: 'phone', label: 'field.phone', rule: coursePartnerCreate.shape.phone },
    { name: 'account', label: 'field.account', type: 'textarea', rule: coursePartnerCreate.shape.account, span: 2 },
    { name: 'sharePercent', label: 'field.sharePercent', type: 'number', decimals: 1, required: true, props: { min: 0, max: 100 }, extra: 'shareRuleHelp' },
    { name: 'seatFeeYuan', label: 'field.seatFeeYuan', type: 'number', decimals: 2, required: false, initialValue: 0 },
    { name: 'status', label: 'field.status', type: 'radio', options: statusOptions, initialValue: 'on' },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: coursePartnerCreate.shape.remark, span: 2 },
  ],
  toForm: (row) => ({ ...row, sharePercent: row.sharePermille / 10, seatFeeYuan: row.seatFeeFen / 100 }),
  toBody: (values) => partnerBody(values),
};

function MonthPicker({ value, onChange, testId }: { value: string; onChange: (m: string) => void; testId: string }) {
  return (
    <DatePicker picker="month" allowClear={false} value={dayjs(`${value}-01`)} onChange={(d) => d && onChange(d.format('YYYY-MM'))} data-testid={testId} />
  );
}

function CoursesTab({ month, setMonth, onStatement }: { month: string; setMonth: (m: string) => void; onStatement: (partnerId: number) => void }) {
  const t = useConsignT();
  const partners = usePartnerOptions(true);
  const [partnerId, setPartnerId] = useState<number | undefined>();
  const q = useQuery({ queryKey: ['courseConsign', 'summary', month, partnerId], queryFn: () => consignApi.summary({ month, partnerId }) });
  const d = q.data;
  const columns = [
    { key: 'courseName', title: t('field.course'), dataIndex: 'courseName' },
    { key: 'partnerName', title: t('field.partner'), dataIndex: 'partnerName' },
    { key: 'seats', title: t('field.seats'), dataIndex: 'seats', align: 'right' as const },
    { key: 'revenueFen', title: t('field.revenue'), dataIndex: 'revenueFen', align: 'right' as const, render: (v: number) => yuan(v) },
    { key: 'partnerFen', title: t('field.partnerShare'), dataIndex: 'partnerFen', align: 'right' as const, render: (v: number) => yuan(v) },
    { key: 'venueFen', title: t('field.venueShare'), dataIndex: 'venueFen', align: 'right' as const, render: (v: number) => yuan(v) },
    {
      key: 'action',
      title: '',
      render: (_: unknown, r: ConsignCourseRow) => (
        <Typography.Link data-testid={`courseConsign-statement-${r.courseId}`} onClick={() => onStatement(r.partnerId)}>
          {t('openStatement')}
        </Typography.Link>
      ),
    },
  ];
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <span>{t('month')}</span>
        <MonthPicker value={month} onChange={setMonth} testId="courseConsign-month" />
        <Select
          allowClear
          style={{ minWidth: 220 }}
          placeholder={t('allPartners')}
          options={partners}
          value={partnerId}
          onChange={(v) => setPartnerId(v ?? undefined)}
          data-testid="courseConsign-partner-filter"
        />
      </Space>
      <Table
        data-testid="courseConsign-courses"
        rowKey="courseId"
        size="small"
        loading={q.isLoading}
        pagination={false}
        columns={columns}
        dataSource={d?.rows ?? []}
        locale={{ emptyText: t('noCourses') }}
        summary={() =>
          d && d.rows.length ? (
            <Table.Summary.Row>
              <Table.Summary.Cell index={0} colSpan={2}>
                <b>{t('total')}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={2} align="right">
                <b>{d.seats}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={3} align="right">
                <b>{yuan(d.revenueFen)}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={4} align="right">
                <b data-testid="courseConsign-total-partner">{yuan(d.partnerFen)}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={5} align="right">
                <b>{yuan(d.venueFen)}</b>
              </Table.Summary.Cell>
              <Table.Summary.Cell index={6} />
            </Table.Summary.Row>
          ) : null
        }
      />
    </Space>
  );
}

function StatementTab({
  month,
  setMonth,
  partnerId,
  setPartnerId,
}: {
  month: string;
  setMonth: (m: string) => void;
  partnerId: number | undefined;
  setPartnerId: (id: number | undefined) => void;
}) {
  const t = useConsignT();
  const can = useCan();
  const partners = usePartnerOptions(true);
  const [paying, setPaying] = useState(false);
  const q = useQuery({
    queryKey: ['courseConsign', 'statement', partnerId, month],
    queryFn: () => consignApi.statement({ partnerId: partnerId!, month }),
    enabled: !!partnerId,
  });
  const st = q.data;
  const columns = [
    { key: 'businessDay', title: t('field.businessDay'), dataIndex: 'businessDay' },
    {
      key: 'kind',
      title: t('field.kind'),
      dataIndex: 'kind',
      render: (v: string) => <Tag color={v === 'sale' ? 'blue' : 'orange'}>{t.dynamic('kind', v)}</Tag>,
    },
    { key: 'orderNo', title: t('field.orderNo'), dataIndex: 'orderNo', render: (v: string | null) => <Typography.Text code>{v ?? '—'}</Typography.Text> },
    { key: 'courseName', title: t('field.course'), dataIndex: 'courseName' },
    { key: 'memberName', title: t('field.member'), dataIndex: 'memberName' },
    { key: 'paidFen', title: t('field.revenue'), dataIndex: 'paidFen', align: 'right' as const, render: (v: number) => yuan(v) },
    { key: 'rule', title: t('shareRule'), render: (_: unknown, l: ConsignLine) => <ShareRule permille={l.sharePermille} feeFen={l.seatFeeFen} /> },
    { key: 'partnerFen', title: t('field.partnerShare'), dataIndex: 'partnerFen', align: 'right' as const, render: (v: number) => yuan(v) },
    { key: 'venueFen', title: t('field.venueShare'), dataIndex: 'venueFen', align: 'right' as const, render: (v: number) => yuan(v) },
    { key: 'ledgerTxnNo', title: t('field.ledgerTxnNo'), dataIndex: 'ledgerTxnNo', render: (v: string | null) => v ?? '—' },
  ];
  const canPay = st && st.closed && !st.payout && st.partnerFen > 0 && can(Perm.courseConsign.pay);
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Space wrap>
        <Select
          style={{ minWidth: 240 }}
          placeholder={t('choosePartner')}
          options={partners}
          value={partnerId}
          onChange={(v) => setPartnerId(v)}
          showSearch
          optionFilterProp="label"
          data-testid="courseConsign-statement-partner"
        />
        <MonthPicker value={month} onChange={setMonth} testId="courseConsign-statement-month" />
        <Button
          disabled={!st}
          data-testid="courseConsign-statement-export"
          onClick={() => st && void consignApi.exportStatement({ partnerId: st.partnerId, month })}
        >
          {t('export')}
        </Button>
        {canPay ? (
          <Button type="primary" data-testid="courseConsign-pay" onClick={() => setPaying(true)}>
            {t('pay')}
          </Button>
        ) : null}
      </Space>
      {!st ? (
        <Empty description={t('choosePartner')} />
      ) : (
        <Card size="small" title={`${st.partnerName} · ${st.month} ${t('statement')}`} data-testid="courseConsign-statement">
          <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 4 }}>
            <Descriptions.Item label={t('field.account')}>{st.account ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.seats')}>{st.seats}</Descriptions.Item>
            <Descriptions.Item label={t('field.revenue')}>{yuan(st.revenueFen)}</Descriptions.Item>
            <Descriptions.Item label={t('field.amount')}>
              <b data-testid="courseConsign-statement-partner-total">{yuan(st.partnerFen)}</b>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.venueShare')}>{yuan(st.venueFen)}</Descriptions.Item>
            <Descriptions.Item label={t('field.status')} span={3}>
              {st.payout ? (
                <Space wrap data-testid="courseConsign-payout">
                  <Tag color="green">{t('paid')}</Tag>
                  {yuan(st.payout.amountFen)}
                  {t.dynamic('method', st.payout.method)}
                  {st.payout.payRef ?? ''}
                  {formatTime(st.payout.paidAt)}
                  {st.payout.paidByName ?? ''}
                  {st.payout.ledgerTxnNo ? <Typography.Text code>{st.payout.ledgerTxnNo}</Typography.Text> : null}
                </Space>
              ) : st.closed ? (
                <Tag color="gold">{yuan(st.partnerFen)}</Tag>
              ) : (
                <Typography.Text type="secondary">{t('monthOpen')}</Typography.Text>
              )}
            </Descriptions.Item>
          </Descriptions>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
            {t('shareRuleHelp')}
          </Typography.Paragraph>
          <Table
            data-testid="courseConsign-lines"
            rowKey="id"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={columns}
            dataSource={st.lines}
            locale={{ emptyText: t('noLines') }}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={5}>
                  <b>{t('total')}</b>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={5} align="right">
                  <b>{yuan(st.revenueFen)}</b>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={6} />
                <Table.Summary.Cell index={7} align="right">
                  <b>{yuan(st.partnerFen)}</b>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={8} align="right">
                  <b>{yuan(st.venueFen)}</b>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={9} />
              </Table.Summary.Row>
            )}
          />
          <PayoutDialog
            open={paying}
            title={`${t('payTitle')} ${yuan(st.partnerFen)}`}
            formName="courseConsign-pay"
            okTestId="courseConsign-pay-ok"
            hint={t('payHint')}
            labels={{ method: t('field.payMethod'), payRef: t('field.payRef') }}
            methods={CONSIGN_PAY_METHODS.map((m) => ({ value: m, label: t.dynamic('method', m) }))}
            onPay={async (p) => {
              await consignApi.pay({ partnerId: st.partnerId, month: st.month, amountFen: st.partnerFen, method: p.method, payRef: p.payRef });
              success(t('paid'));
            }}
            onClose={() => setPaying(false)}
            onPaid={() => void q.refetch()}
          />
        </Card>
      )}
    </Space>
  );
}

/** sport.course.consign (trainingCourse/consignmentCourse): consigned courses of a month with the shares, partners, and a partner's statement. */
export default function ConsignmentPage() {
  const t = useConsignT();
  const [tab, setTab] = useState('courses');
  const timeZone = useVenueTimeZone();
  const [month, setMonth] = useState(() => todayIn(timeZone).slice(0, 7));
  const [partnerId, setPartnerId] = useState<number | undefined>();
  const items = [
    {
      key: 'courses',
      label: t('tabCourses'),
      children: (
        <CoursesTab
          month={month}
          setMonth={setMonth}
          onStatement={(id) => {
            setPartnerId(id);
            setTab('statement');
          }}
        />
      ),
    },
    { key: 'partners', label: t('tabPartners'), children: <ListPage def={partnerResource} /> },
    {
      key: 'statement',
      label: t('tabStatement'),
      children: <StatementTab month={month} setMonth={setMonth} partnerId={partnerId} setPartnerId={setPartnerId} />,
    },
  ];
  return (
    <Card variant="borderless" styles={{ body: { paddingTop: 4 } }}>
      <Tabs data-testid="courseConsign-tabs" activeKey={tab} onChange={setTab} items={items} destroyOnHidden={false} />
    </Card>
  );
}
