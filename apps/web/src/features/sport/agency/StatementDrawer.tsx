import { useState } from 'react';
import { Descriptions, Drawer, Form, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { AuditOutlined, PayCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { Perm, agencyStatementPay, type AgencyKindLine, type AgencyStatementDetail } from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { api, http } from '../../../app/request.ts';
import { clockIn, invalidateResource, useCan } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { kindLabel, percentOf, useAgencyT } from './agency.shared.ts';

const statementUrl = (p: string) => api.sport(`agency/statement/${p}`);
/** Both reports list the same statements: a change refreshes both. */
export const refreshReports = () => {
  void invalidateResource('agencyStatement');
  void invalidateResource('agencyParty');
};

const STATE_COLORS = { draft: 'gold', approved: 'blue', paid: 'green' } as const;

/** Marks an approved statement paid with the payment's reference. */
function PayDialog({ s, onClose, onDone }: { s: AgencyStatementDetail | null; onClose: () => void; onDone: () => void }) {
  const t = useAgencyT();
  const [form] = Form.useForm<{ paymentRef: string }>();
  const { busy: saving, submit } = useFormSubmit(form, async (v) => {
    await http.post(statementUrl(`${s!.id}/pay`), { version: s!.version, paymentRef: v.paymentRef });
    success(t('statement.payDone'));
    onDone();
  });
  return (
    <Modal
      open={!!s}
      title={t('statement.payTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'agency-pay-ok' } as never}
    >
      <Form form={form} layout="vertical" name="agency-pay">
        <Form.Item
          name="paymentRef"
          label={t('field.paymentRef')}
          rules={[{ required: true }, { validator: async (_, v) => void agencyStatementPay.shape.paymentRef.parse(v ?? '') }]}
        >
          <Input maxLength={64} autoFocus />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The liquidation by item kind, with its totals row. */
function KindTable({ lines }: { lines: AgencyKindLine[] }) {
  const t = useAgencyT();
  const money = (k: keyof AgencyKindLine) => ({
    key: k,
    dataIndex: k,
    title: t(`field.${k as 'grossFen'}`),
    align: 'right' as const,
    render: (v: number) => yuan(v),
  });
  const sum = (k: keyof AgencyKindLine) => lines.reduce((a, l) => a + (l[k] as number), 0);
  const cols = ['grossFen', 'refundFen', 'netFen', 'feeFen', 'venueFen', 'partnerFen'] as const;
  return (
    <Table
      data-testid="agency-by-kind"
      size="small"
      rowKey="kind"
      pagination={false}
      scroll={{ x: 'max-content' }}
      title={() => <Typography.Text strong>{t('statement.byKind')}</Typography.Text>}
      locale={{ emptyText: t('statement.none') }}
      dataSource={lines}
      columns={[
        {
          key: 'kind',
          dataIndex: 'kind',
          title: t('field.kind'),
          render: (k: string, l: AgencyKindLine) => (
            <span>
              {kindLabel(t, k)}
              <div>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {t('contract.sharesLine', { platform: percentOf(l.platformBp), venue: percentOf(l.venueBp), partner: percentOf(l.partnerBp) })}
                </Typography.Text>
              </div>
            </span>
          ),
        },
        ...cols.map(money),
      ]}
      summary={() =>
        lines.length ? (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>{t('statement.total')}</Table.Summary.Cell>
            {cols.map((k, i) => (
              <Table.Summary.Cell key={k} index={i + 1} align="right">
                {yuan(sum(k))}
              </Table.Summary.Cell>
            ))}
          </Table.Summary.Row>
        ) : null
      }
    />
  );
}

/** One statement: its period, the liquidation by kind, the three parties' shares, the ledger it read; approve, mark paid. */
export function StatementDrawer({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useAgencyT();
  const can = useCan();
  const [paying, setPaying] = useState(false);
  const detail = useQuery({
    queryKey: ['agencyStatement', id],
    enabled: id !== null,
    queryFn: () => http.get<AgencyStatementDetail>(statementUrl(String(id))),
  });
  const s = detail.data;
  const changed = async () => {
    refreshReports();
    await detail.refetch();
  };
  const approve = async () => {
    if (!s || !(await confirm({ content: t('statement.approveConfirm', { from: s.periodStart, to: s.periodEnd }) }))) return;
    await http.post(statementUrl(`${s.id}/approve`), { version: s.version });
    success(t('statement.approveDone'));
    await changed();
  };
  const recompute = async () => {
    if (!s) return;
    await http.post(statementUrl('compute'), { contractId: s.contractId, day: s.periodStart });
    success(t('statement.recomputed'));
    await changed();
  };
  const actions = s ? (
    <Space>
      {s.state === 'draft' && can(Perm.agencyStatement.compute) ? (
        <a role="button" data-testid="agency-recompute" onClick={() => void recompute().catch(() => undefined)}>
          <ReloadOutlined /> {t('statement.recompute')}
        </a>
      ) : null}
      {s.state === 'draft' && can(Perm.agencyStatement.approve) ? (
        <a role="button" data-testid="agency-approve" onClick={() => void approve().catch(() => undefined)}>
          <AuditOutlined /> {t('statement.approve')}
        </a>
      ) : null}
      {s.state === 'approved' && can(Perm.agencyStatement.pay) ? (
        <a role="button" data-testid="agency-pay" onClick={() => setPaying(true)}>
          <PayCircleOutlined /> {t('statement.pay')}
        </a>
      ) : null}
    </Space>
  ) : null;
  return (
    <Drawer
      open={id !== null}
      onClose={onClose}
      size={900}
      destroyOnHidden
      title={s ? t('statement.detailTitle', { venue: s.stadiumName, from: s.periodStart, to: s.periodEnd }) : t('statement.name')}
      extra={actions}
    >
      {s ? (
        <Space direction="vertical" style={{ width: '100%' }} size="middle" data-testid="agency-statement-detail">
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('field.contractName')}>{s.contractName}</Descriptions.Item>
            <Descriptions.Item label={t('field.state')}>
              <Tag color={STATE_COLORS[s.state]} data-testid="agency-statement-state">
                {t(`state.${s.state}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.periodRange')}>
              {s.fromDay} ~ {s.toDay}（{s.timeZone}）
            </Descriptions.Item>
            <Descriptions.Item label={t('field.computedAt')}>{clockIn(s.computedAt)}</Descriptions.Item>
            <Descriptions.Item label={t('field.approvedByName')}>
              {s.approvedAt ? `${s.approvedByName ?? '—'} · ${clockIn(s.approvedAt)}` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={t('field.paymentRef')}>{s.paidAt ? `${s.paymentRef} · ${clockIn(s.paidAt)}` : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('statement.digest')} span={2}>
              <Typography.Text code copyable={{ text: s.digest }} style={{ fontSize: 12 }}>
                {s.digest.slice(0, 16)}
              </Typography.Text>{' '}
              <Typography.Text type="secondary">
                {s.ledgerEntries ? t('statement.ledger', { first: s.ledgerFirstId, last: s.ledgerLastId, n: s.ledgerEntries }) : t('statement.ledgerNone')}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Descriptions size="small" column={3} bordered layout="vertical" title={t('statement.parties')} data-testid="agency-parties">
            <Descriptions.Item label={t('party.platform')}>{yuan(s.platformFen)}</Descriptions.Item>
            <Descriptions.Item label={`${t('party.venue')} · ${s.stadiumName}`}>{yuan(s.venueFen)}</Descriptions.Item>
            <Descriptions.Item label={`${t('party.partner')} · ${s.partnerName}`}>{yuan(s.partnerFen)}</Descriptions.Item>
            <Descriptions.Item label={t('field.netFen')}>{yuan(s.netFen)}</Descriptions.Item>
            <Descriptions.Item label={t('field.feeFen')}>{yuan(s.feeFen)}</Descriptions.Item>
            <Descriptions.Item label={t('statement.payable')}>{yuan(s.venueFen + s.partnerFen)}</Descriptions.Item>
          </Descriptions>
          <KindTable lines={s.byKind} />
        </Space>
      ) : null}
      <PayDialog
        s={paying ? (s ?? null) : null}
        onClose={() => setPaying(false)}
        onDone={() => {
          setPaying(false);
          void changed();
        }}
      />
    </Drawer>
  );
}
