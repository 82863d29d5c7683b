import { useState } from 'react';
import { Button, Card, Descriptions, Popconfirm, Space, Spin, Table, Tag, Typography } from 'antd';
import { success } from '../../../../app/feedback.tsx';
import type { ButtonProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Perm, type CoachSettlementLine } from '@venue/contract';
import { invalidateResource, useCan } from '../../../../kit/index.ts';

import { ShareButton } from '../share/ShareButton.tsx';
import { PayoutDialog } from '../PayoutDialog.tsx';
import { SETTLEMENT_LIST_PATH, formatTime, methodOptions, scopeOptions, settlementApi, stateOptions, useSettlementT, yuan } from './shared.tsx';

/** sport.course.settlementDetail: a settlement's lines with their formulas and total; approve (another user), pay, recompute, export. */
export default function SettlementDetailPage() {
  const t = useSettlementT();
  const can = useCan();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const [paying, setPaying] = useState(false);
  const q = useQuery({ queryKey: ['coachSettlement', 'detail', id], queryFn: () => settlementApi.detail(id), enabled: id > 0 });
  const d = q.data;
  if (!d) return <Spin spinning={q.isLoading} />;
  const refresh = () => {
    void q.refetch();
    invalidateResource('coachSettlement');
  };
  const state = stateOptions.find((o) => o.value === d.state);
  const approve = async () => {
    try {
      await settlementApi.approve(d.id, d.version);
      success(t('approved'));
    } finally {
      refresh();
    }
  };
  const recompute = async () => {
    try {
      await settlementApi.recompute(d.id, d.version);
      success(t('recomputed'));
    } finally {
      refresh();
    }
  };
  const columns = [
    {
      key: 'scope',
      title: t('field.scope'),
      dataIndex: 'scope',
      render: (v: string) => <Tag color={scopeOptions.find((o) => o.value === v)?.color}>{t.dynamic('scope', v)}</Tag>,
    },
    { key: 'period', title: t('field.period'), render: (_: unknown, l: CoachSettlementLine) => `${l.fromDay} ~ ${l.toDay}` },
    { key: 'mode', title: t('field.mode'), dataIndex: 'mode', render: (v: string) => t.dynamic('mode', v) },
    { key: 'lessons', title: t('field.lessons'), dataIndex: 'lessons', align: 'right' as const },
    { key: 'attendees', title: t('field.attendees'), dataIndex: 'attendees', align: 'right' as const },
    { key: 'revenueFen', title: t('field.revenueFen'), dataIndex: 'revenueFen', align: 'right' as const, render: (v: number) => yuan(v) },
    { key: 'formula', title: t('field.formula'), dataIndex: 'formula', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
    { key: 'amountFen', title: t('field.amountFen'), dataIndex: 'amountFen', align: 'right' as const, render: (v: number) => <b>{yuan(v)}</b> },
  ];
  return (
    <Card
      title={`${t('settlement')} ${d.no}`}
      data-testid="coachSettlement-detail"
      extra={
        <Space wrap>
          <Button onClick={() => navigate(SETTLEMENT_LIST_PATH)}>{t('back')}</Button>
          <ShareButton kind="settlement" id={d.id} />
          <Button
            data-testid="coachSettlement-detail-export"
            onClick={() => void settlementApi.export({ coachId: d.coachId, fromDay: d.fromDay, toDay: d.toDay })}
          >
            {t('export')}
          </Button>
          {d.state === 'draft' && can(Perm.coachSettlement.add) ? (
            <Button data-testid="coachSettlement-detail-recompute" onClick={() => void recompute()}>
              {t('recompute')}
            </Button>
          ) : null}
          {d.state === 'draft' && can(Perm.coachSettlement.approve) ? (
            <Popconfirm
              title={t('approve')}
              description={t('approveConfirm')}
              onConfirm={approve}
              okButtonProps={{ 'data-testid': 'coachSettlement-approve-ok' } as ButtonProps}
            >
              <Button type="primary" data-testid="coachSettlement-detail-approve" title={t('selfApprovalHint')}>
                {t('approve')}
              </Button>
            </Popconfirm>
          ) : null}
          {d.state === 'approved' && can(Perm.coachSettlement.pay) ? (
            <Button type="primary" data-testid="coachSettlement-detail-pay" onClick={() => setPaying(true)}>
              {t('pay')}
            </Button>
          ) : null}
        </Space>
      }
    >
      <Descriptions bordered size="small" column={{ xs: 1, sm: 2, lg: 3 }} data-testid="coachSettlement-detail-info">
        <Descriptions.Item label={t('field.coach')}>{d.coachName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.period')}>{`${d.fromDay} ~ ${d.toDay}`}</Descriptions.Item>
        <Descriptions.Item label={t('field.state')}>
          <Tag color={state?.color} data-testid="coachSettlement-detail-state">
            {t.dynamic('state', d.state)}
          </Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.totalFen')}>
          <b data-testid="coachSettlement-detail-total">{yuan(d.totalFen)}</b>
        </Descriptions.Item>
        <Descriptions.Item label={t('field.createdBy')}>{d.createdByName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.createTime')}>{formatTime(d.createTime)}</Descriptions.Item>
        <Descriptions.Item label={t('field.approvedBy')}>{d.approvedByName ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.approvedAt')}>{d.approvedAt ? formatTime(d.approvedAt) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.ledgerTxnNo')}>{d.ledgerTxnNo ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.payMethod')}>{d.payMethod ? t.dynamic('method', d.payMethod) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.paidAt')}>{d.paidAt ? formatTime(d.paidAt) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.payRef')}>{d.payRef ?? '—'}</Descriptions.Item>
        <Descriptions.Item label={t('field.remark')} span={3}>
          {d.remark ?? '—'}
        </Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        {t('lines')}
      </Typography.Title>
      <Table
        data-testid="coachSettlement-lines"
        rowKey="id"
        size="small"
        pagination={false}
        columns={columns}
        dataSource={d.lines}
        locale={{ emptyText: t('noLines') }}
        summary={() => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0} colSpan={7}>
              <b>{t('total')}</b>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={7} align="right">
              <b>{yuan(d.totalFen)}</b>
            </Table.Summary.Cell>
          </Table.Summary.Row>
        )}
      />
      <PayoutDialog
        open={paying}
        title={`${t('payTitle')} ${yuan(d.totalFen)}`}
        formName="coachSettlement-pay"
        okTestId="coachSettlement-pay-ok"
        askPaidAt
        labels={{ method: t('field.payMethod'), paidAt: t('field.paidAt'), payRef: t('field.payRef') }}
        methods={methodOptions.map((o) => ({ value: o.value as 'cash' | 'transfer', label: t.dynamic('method', String(o.value)) }))}
        onPay={(p) => settlementApi.pay(d.id, { version: d.version, method: p.method, paidAt: p.paidAt!, payRef: p.payRef }).then(() => undefined)}
        onClose={() => setPaying(false)}
        onPaid={refresh}
      />
    </Card>
  );
}
