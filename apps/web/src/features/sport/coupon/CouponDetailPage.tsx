import { useMemo, useState } from 'react';
import { Button, Card, Col, Descriptions, Row as AntRow, Space, Statistic, Tabs, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Perm, type CouponStats, type CouponTemplateRow } from '@venue/contract';
import { ListPage, useCan, useItemKindName, type Option } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { http } from '../../../app/request.ts';
import { IssueDialog, batchResource, couponListResource, termsOf, validityOf } from './CouponManagementPage.tsx';
import { couponUrl, post, refundRuleOptions, statusOptions, useCouponT } from './shared.tsx';

const STATS = ['issued', 'held', 'used', 'released', 'expired', 'returned', 'spent'] as const;

/** sport.coupon.details: one template, its figures (issued, held, used, released …), its coupons and batches. */
export default function CouponDetailPage() {
  const t = useCouponT();
  const kindName = useItemKindName();
  const can = useCan();
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const [issuing, setIssuing] = useState(false);
  const template = useQuery({ queryKey: ['coupon', 'template', id], queryFn: () => http.get<CouponTemplateRow>(couponUrl(`template/${id}`)), enabled: id > 0 });
  const stats = useQuery({
    queryKey: ['coupon', 'stats', id],
    queryFn: () => post<CouponStats>(`template/${id}/stats`),
    enabled: id > 0,
    refetchInterval: 15_000,
  });
  const coupons = useMemo(
    () => ({
      ...couponListResource,
      key: 'couponDetailCoupons',
      api: { list: (body: Record<string, unknown>) => post<never>('list', { ...body, templateId: id }) },
    }),
    [id],
  );
  const batches = useMemo(
    () => ({
      ...batchResource,
      key: 'couponDetailBatches',
      api: { list: (body: Record<string, unknown>) => post<never>('batch/list', { ...body, templateId: id }) },
    }),
    [id],
  );
  const r = template.data;
  const label = (opts: Option[], v: string) => t((opts.find((o) => o.value === v)?.label ?? v) as never);
  return (
    <div data-testid="coupon-detail">
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate('/sport/views/operatManagement/couponManagement/index')}>
          {t('detail.back')}
        </Button>
        {r && can(Perm.coupon.issue) && r.status === 'on' && !r.code ? (
          <Button type="primary" onClick={() => setIssuing(true)} data-testid="coupon-detail-issue">
            {t('action.issue')}
          </Button>
        ) : null}
      </Space>
      <AntRow gutter={[12, 12]} style={{ marginBottom: 12 }}>
        {STATS.map((k) => (
          <Col key={k} xs={12} sm={8} md={6} lg={3}>
            <Card size="small">
              <Statistic title={t(`stats.${k}` as const)} value={stats.data?.[k] ?? '…'} valueStyle={{ fontSize: 22 }} />
              <span data-testid={`coupon-stat-${k}`} data-value={stats.data?.[k] ?? ''} hidden />
            </Card>
          </Col>
        ))}
        <Col xs={12} sm={8} md={6} lg={3}>
          <Card size="small">
            <Statistic title={t('stats.discountFen')} value={stats.data ? yuan(stats.data.discountFen) : '…'} valueStyle={{ fontSize: 22 }} />
          </Card>
        </Col>
      </AntRow>
      {r ? (
        <Card size="small" title={`${r.name}`} extra={<Tag>{label(statusOptions, r.status)}</Tag>} style={{ marginBottom: 12 }}>
          <Descriptions size="small" column={{ xs: 1, sm: 2, md: 3 }}>
            <Descriptions.Item label={t('detail.terms')}>{termsOf(t, r)}</Descriptions.Item>
            <Descriptions.Item label={t('field.validity')}>{validityOf(r, t)}</Descriptions.Item>
            <Descriptions.Item label={t('field.code')}>{r.code ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.totalLimit')}>{`${r.taken} / ${r.totalLimit ?? '∞'}`}</Descriptions.Item>
            <Descriptions.Item label={t('field.perMemberLimit')}>{r.perMemberLimit ?? '∞'}</Descriptions.Item>
            <Descriptions.Item label={t('field.stackable')}>{r.stackable ? '✓' : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.refundRule')}>{label(refundRuleOptions, r.refundRule)}</Descriptions.Item>
            <Descriptions.Item label={t('field.itemKinds')}>{r.itemKinds.map(kindName).join('、') || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.bandStart')}>{r.bandStart ? `${r.bandStart}–${r.bandEnd}` : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.priceFen')}>{r.priceFen === null ? '—' : yuan(r.priceFen)}</Descriptions.Item>
          </Descriptions>
        </Card>
      ) : null}
      <Tabs
        items={[
          { key: 'coupons', label: t('detail.coupons'), children: <ListPage def={coupons} /> },
          { key: 'batches', label: t('detail.batches'), children: <ListPage def={batches} /> },
        ]}
      />
      {issuing && r ? (
        <IssueDialog
          row={r}
          onClose={() => {
            setIssuing(false);
            void stats.refetch();
          }}
        />
      ) : null}
    </div>
  );
}
