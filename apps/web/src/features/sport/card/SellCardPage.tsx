import { useMemo, useState } from 'react';
import { Alert, Button, Card, Col, Descriptions, Form, Input, Result, Row as GridRow, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { Perm, cardSell, type CardSellAnswer, type CardTypeRow, type Page } from '@venue/contract';
import { dictLabel } from '../../../app/dict.ts';
import { api, http } from '../../../app/request.ts';
import { useSession } from '../../../app/session.ts';
import { MemberSelect, useCan, useFieldRules } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { PayDialog, newIdempotencyKey, yuan } from '../../../kit/pay/index.ts';
import { cardApi, cardKey, refreshCards } from './card.api.ts';
import { CARD_LIST_PATH, CardLeft, CodeLabel, ManagerSelect, cardDetailPath, kindOptions, statusOptions, useCardT, useValidity } from './shared.tsx';

interface SellValues {
  typeId?: number;
  memberId?: number | null;
  managerId?: number | null;
  remark?: string;
}

/** What a card type gives, in one line. */
export function TypeSummary({ type }: { type: CardTypeRow }) {
  const t = useCardT();
  return (
    <Descriptions size="small" column={2} bordered data-testid="card-sell-type">
      <Descriptions.Item label={t('field.kind')}>
        <CodeLabel value={type.kind} options={kindOptions} />
      </Descriptions.Item>
      <Descriptions.Item label={t('field.priceFen')}>
        <Typography.Text strong>{yuan(type.priceFen)}</Typography.Text>
      </Descriptions.Item>
      {type.kind === 'value' ? <Descriptions.Item label={t('field.faceValueFen')}>{yuan(type.faceValueFen)}</Descriptions.Item> : null}
      {type.kind === 'times' ? <Descriptions.Item label={t('field.times')}>{t('timesN', { n: type.times ?? 0 })}</Descriptions.Item> : null}
      <Descriptions.Item label={t('field.validDays')}>{type.validDays ? t('daysN', { n: type.validDays }) : t('noEnd')}</Descriptions.Item>
      {type.level ? <Descriptions.Item label={t('field.level')}>{dictLabel('sport_member_level', type.level)}</Descriptions.Item> : null}
      {type.rechargeBonus.length ? (
        <Descriptions.Item label={t('field.rechargeBonus')} span={2}>
          {type.rechargeBonus.map((b) => t('recharge.tier', { min: yuan(b.minFen), bonus: yuan(b.bonusFen) })).join('；')}
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/** The card just sold: its state (active once paid) and a link to its detail. */
function Sold({ sold, onAgain }: { sold: CardSellAnswer; onAgain: () => void }) {
  const t = useCardT();
  const navigate = useNavigate();
  const validity = useValidity();
  const card = useQuery({ queryKey: cardKey(sold.cardId), queryFn: () => cardApi.card(sold.cardId) });
  const c = card.data;
  return (
    <Result
      status={c && c.status !== 'active' ? 'info' : 'success'}
      title={
        <span data-testid="card-sell-result" data-card-no={sold.cardNo} data-card-id={sold.cardId}>
          {c?.status === 'pending' ? t('sell.unpaid', { cardNo: sold.cardNo }) : t('sell.done', { cardNo: sold.cardNo })}
        </span>
      }
      subTitle={
        c ? (
          <Descriptions size="small" column={1} style={{ maxWidth: 420, margin: '0 auto' }}>
            <Descriptions.Item label={t('field.member')}>{c.memberName}</Descriptions.Item>
            <Descriptions.Item label={t('field.typeName')}>{c.typeName}</Descriptions.Item>
            <Descriptions.Item label={t('field.status')}>
              <CodeLabel value={c.status} options={statusOptions} testId="card-sell-status" />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.left')}>
              <CardLeft card={c} testId="card-sell-left" />
            </Descriptions.Item>
            <Descriptions.Item label={t('field.validity')}>{validity(c.validFrom, c.validTo)}</Descriptions.Item>
          </Descriptions>
        ) : null
      }
      extra={[
        <Button key="detail" type="primary" onClick={() => navigate(cardDetailPath(sold.cardId))} data-testid="card-sell-detail">
          {t('sell.viewCard')}
        </Button>,
        <Button key="list" onClick={() => navigate(CARD_LIST_PATH)}>
          {t('sell.toList')}
        </Button>,
        <Button key="again" onClick={onAgain} data-testid="card-sell-again">
          {t('sell.again')}
        </Button>,
      ]}
    />
  );
}

/** sport.card.sell (sellCard): pick the type, the member and the manager; the sale is an order paid with the shared pay component. */
export default function SellCardPage() {
  const t = useCardT();
  const can = useCan();
  const me = useSession((s) => s.userInfo?.userId);
  const [form] = Form.useForm<SellValues>();
  const [attempt, setAttempt] = useState(0);
  const key = useMemo(() => newIdempotencyKey(), [attempt]); // eslint-disable-line react-hooks/exhaustive-deps -- a new idempotency key for each attempt, on purpose
  const [sold, setSold] = useState<CardSellAnswer | null>(null);
  const [paying, setPaying] = useState<number | null>(null);
  const types = useQuery({
    queryKey: ['card', 'types', 'sell'],
    queryFn: () => http.post<Page<CardTypeRow>>(api.sport('card/type/list'), { pageNum: 1, pageSize: 200, status: 0 }),
  });
  const typeId = Form.useWatch('typeId', form);
  const type = types.data?.data.find((x) => x.id === typeId) ?? null;
  const memberRules = useFieldRules({ name: 'memberId', label: 'field.member', rule: cardSell.shape.memberId, required: true });
  const remarkRules = useFieldRules({ name: 'remark', label: 'field.remark', rule: cardSell.shape.remark });

  const { busy, submit } = useFormSubmit(form, async (v) => {
    const made = await cardApi.sell(
      { typeId: v.typeId!, memberId: Number(v.memberId), managerId: v.managerId ?? undefined, remark: v.remark?.trim() || undefined },
      key,
    );
    setSold(made);
    refreshCards();
    if (can(Perm.order.pay) && made.amountFen > 0) setPaying(made.orderId);
  });

  const again = () => {
    setSold(null);
    setAttempt((n) => n + 1);
    form.resetFields();
  };

  return (
    <div data-testid="card-sell">
      <Card variant="borderless" title={t('sell.title')}>
        {sold ? (
          <Sold sold={sold} onAgain={again} />
        ) : (
          <GridRow gutter={32}>
            <Col xs={24} lg={12}>
              <Form form={form} name="card-sell-form" layout="vertical" autoComplete="off" initialValues={{ managerId: me }} onFinish={() => void submit()}>
                <Form.Item name="typeId" label={t('field.typeName')} rules={[{ required: true, message: t('kit:required') }]}>
                  <Select
                    showSearch={{ optionFilterProp: 'label' }}
                    loading={types.isFetching}
                    placeholder={t('sell.pickType')}
                    options={(types.data?.data ?? []).map((x) => ({ value: x.id, label: `${x.name} · ${yuan(x.priceFen)}` }))}
                    data-testid="card-sell-type-select"
                  />
                </Form.Item>
                <Form.Item name="memberId" label={t('field.member')} rules={memberRules} required>
                  <MemberSelect testId="card-sell-member" />
                </Form.Item>
                <Form.Item name="managerId" label={t('field.manager')} extra={t('sell.managerHint')}>
                  <ManagerSelect />
                </Form.Item>
                <Form.Item name="remark" label={t('field.remark')} rules={remarkRules}>
                  <Input.TextArea rows={2} maxLength={200} />
                </Form.Item>
                <Space>
                  <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="card-sell-ok">
                    {can(Perm.order.pay) ? t('sell.ok') : t('sell.okNoPay')}
                  </Button>
                </Space>
                <button type="submit" hidden />
              </Form>
            </Col>
            <Col xs={24} lg={12}>
              {type ? (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  <Typography.Title level={5} style={{ marginTop: 0 }}>
                    {type.name}
                  </Typography.Title>
                  <TypeSummary type={type} />
                  {type.remark ? <Typography.Paragraph type="secondary">{type.remark}</Typography.Paragraph> : null}
                </Space>
              ) : (
                <Alert type="info" showIcon title={t('sell.typeHint')} />
              )}
            </Col>
          </GridRow>
        )}
      </Card>
      <PayDialog
        orderId={paying}
        open={paying !== null}
        onClose={() => {
          setPaying(null);
          refreshCards();
        }}
        onPaid={() => refreshCards()}
      />
    </div>
  );
}
