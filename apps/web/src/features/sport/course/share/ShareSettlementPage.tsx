import { Descriptions, List, Space, Tag, Typography } from 'antd';
import { ShareFrame, ShareState, ValidUntil, useShareT, useShared, yuan } from './shared.tsx';

const STATE_COLOR: Record<string, string> = { draft: 'default', approved: 'blue', paid: 'green' };

/** /share/course/settlement?token=…: a coach settlement with its lines and formulas, without signing in. */
export default function ShareSettlementPage() {
  const t = useShareT();
  const { token, q, data, wrongKind } = useShared('settlement');
  const d = data?.settlement;
  return (
    <ShareFrame testId="share-settlement-page" title={d ? `${t('kind.settlement')} ${d.no}` : t('kind.settlement')}>
      {d && data ? (
        <>
          <Descriptions column={1} size="small" bordered data-testid="share-settlement">
            <Descriptions.Item label={t('field.no')}>{d.no}</Descriptions.Item>
            <Descriptions.Item label={t('field.coach')}>{d.coachName ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('field.period')}>{`${d.fromDay} ~ ${d.toDay}`}</Descriptions.Item>
            <Descriptions.Item label={t('field.state')}>
              <Tag color={STATE_COLOR[d.state]}>{t.dynamic('settlementState', d.state)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('field.total')}>
              <b data-testid="share-settlement-total">{yuan(d.totalFen)}</b>
            </Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('field.lines')}
          </Typography.Title>
          <List
            size="small"
            bordered
            dataSource={d.lines}
            locale={{ emptyText: t('none') }}
            data-testid="share-settlement-lines"
            renderItem={(l) => (
              <List.Item data-testid="share-settlement-line">
                <Space direction="vertical" size={2} style={{ width: '100%' }}>
                  <Space style={{ width: '100%', justifyContent: 'space-between' }} wrap>
                    <span>
                      <Tag>{t.dynamic('scope', l.scope)}</Tag>
                      {`${l.fromDay} ~ ${l.toDay}`}
                    </span>
                    <b>{yuan(l.amountFen)}</b>
                  </Space>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {`${t('field.lessons')} ${l.lessons} · ${t('field.attendees')} ${l.attendees}`}
                  </Typography.Text>
                  <Typography.Text code style={{ whiteSpace: 'normal', wordBreak: 'break-word' }}>
                    {l.formula}
                  </Typography.Text>
                </Space>
              </List.Item>
            )}
          />
          <ValidUntil at={data.expiresAt} />
        </>
      ) : (
        <ShareState token={token} q={q} wrongKind={wrongKind} />
      )}
    </ShareFrame>
  );
}
