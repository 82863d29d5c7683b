import { useMemo } from 'react';
import { Button, Card, Col, Descriptions, Row as AntRow, Space, Statistic, Tag } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { CampaignRow, CampaignUseRow } from '@venue/contract';
import { ListPage, useVenueOptions, type Option, type ResourceDef } from '../../../kit/index.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { http } from '../../../app/request.ts';
import {
  BudgetUsed,
  CampaignDay,
  NS,
  kindOptions,
  listPath,
  marketingUrl,
  post,
  stateOptions,
  termsOf,
  useMarketingT,
  useStateOptions,
  whatOptions,
} from './shared.tsx';

const useResource: ResourceDef<CampaignUseRow> = {
  key: 'campaignUses',
  ns: NS,
  name: 'campaign',
  endpoint: { prefix: 'sport', path: 'marketing/use' },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, export: false, import: false, detail: false },
  columns: [
    { key: 'what', label: 'field.what', options: whatOptions },
    { key: 'orderNo', label: 'field.orderNo', content: 'code', render: (v: string | null) => v ?? '—' },
    { key: 'memberName', label: 'field.member', render: (v: string | null) => v ?? '—' },
    { key: 'amountFen', label: 'field.amountFen', format: 'money' },
    { key: 'state', label: 'field.useState', options: useStateOptions },
    { key: 'createTime', label: 'field.createTime', format: 'datetime' },
    { key: 'settleTime', label: 'field.settleTime', format: 'datetime', hiddenByDefault: true },
  ],
};

/** sport.marketing.detail: one campaign, its terms and budget, and its uses (which order, which member, how much). */
export default function MarketingDetailPage() {
  const t = useMarketingT();
  const navigate = useNavigate();
  const venues = useVenueOptions();
  const id = Number(useParams().id);
  const campaign = useQuery({ queryKey: ['campaign', 'detail', id], queryFn: () => http.get<CampaignRow>(marketingUrl(`campaign/${id}`)), enabled: id > 0 });
  const uses = useMemo(
    () => ({ ...useResource, api: { list: (body: Record<string, unknown>) => post<never>('use/list', { ...body, campaignId: id }) } }),
    [id],
  );
  const r = campaign.data;
  const label = (opts: Option[], v: string) => t((opts.find((o) => o.value === v)?.label ?? v) as never);
  const colour = (opts: Option[], v: string) => opts.find((o) => o.value === v)?.color;
  return (
    <div data-testid="campaign-detail">
      <Space style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(listPath)}>
          {t('action.back')}
        </Button>
      </Space>
      {r ? (
        <>
          <AntRow gutter={[12, 12]} style={{ marginBottom: 12 }}>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('field.budget')} value={yuan(r.budgetFen)} />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('field.used')} value={yuan(r.usedFen)} />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small">
                <Statistic title={t('detail.left')} value={yuan(r.budgetFen - r.usedFen)} />
              </Card>
            </Col>
            <Col xs={12} md={6}>
              <Card size="small" style={{ height: '100%' }}>
                <BudgetUsed row={r} testId="campaign-detail-used" />
              </Card>
            </Col>
          </AntRow>
          <Card
            size="small"
            title={r.name}
            style={{ marginBottom: 12 }}
            extra={<Tag color={colour(stateOptions, r.state)}>{label(stateOptions, r.state)}</Tag>}
          >
            <Descriptions size="small" column={{ xs: 1, md: 2 }}>
              <Descriptions.Item label={t('field.kind')}>{label(kindOptions, r.kind)}</Descriptions.Item>
              <Descriptions.Item label={t('field.terms')}>{termsOf(t, r)}</Descriptions.Item>
              <Descriptions.Item label={t('field.validity')}>
                <CampaignDay iso={r.validFrom} /> ~ <CampaignDay iso={r.validTo} last />
              </Descriptions.Item>
              <Descriptions.Item label={t('field.venueIds')}>
                {r.venueIds.length ? r.venueIds.map((v) => venues.find((o) => o.value === v)?.label ?? `#${v}`).join('、') : t('empty')}
              </Descriptions.Item>
              <Descriptions.Item label={t('field.remark')}>{r.remark ?? t('empty')}</Descriptions.Item>
            </Descriptions>
          </Card>
        </>
      ) : null}
      <Card size="small" title={t('detail.uses')}>
        <ListPage def={uses} />
      </Card>
    </div>
  );
}
