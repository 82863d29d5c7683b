import { useEffect, useLayoutEffect, useState } from 'react';
import { Alert, Button, Descriptions, Form, Input, InputNumber, Space, Spin, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ticketRefundApply } from '@venue/contract';
import { isApiError } from '../../../../app/request.ts';
import { success } from '../../../../app/feedback.tsx';
import { FormModal, useFieldRules } from '../../../../kit/index.ts';
import { reactToSaveError } from '../../../../kit/form.ts';
import { formatTime, yuan } from '../../../../kit/pay/index.ts';
import { rulesApi, useRulesT } from './shared.ts';

/**
 * A ticket's refund by its session's rules (the ticket list's "Refund"): the amount the rules give
 * now is shown first; confirming applies for it with that amount (changed meanwhile: asked again).
 * The refund review approves it; the ticket is then refunded and its seat or quota free again.
 */
export function TicketRefundDialog({ ticketId, onClose, onDone }: { ticketId: number | null; onClose: () => void; onDone: () => void }) {
  const t = useRulesT();
  const [form] = Form.useForm<{ reason?: string }>();
  const [busy, setBusy] = useState(false);
  const quote = useQuery({
    queryKey: ['ticket', 'refundQuote', ticketId],
    queryFn: () => rulesApi.quote(ticketId!),
    enabled: ticketId !== null,
    retry: false,
    gcTime: 0,
  });
  const reasonRules = useFieldRules({ name: 'reason', label: t('refund.reason'), rule: ticketRefundApply.shape.reason });
  useLayoutEffect(() => {
    if (ticketId !== null) form.resetFields();
  }, [ticketId, form]);
  const refused = quote.error && isApiError(quote.error) ? quote.error.message : null;

  const submit = async () => {
    let v: { reason?: string };
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const done = await rulesApi.refund(ticketId!, { reason: v.reason ?? '', expectFen: quote.data!.amountFen });
      success(t('refund.applied', { no: done.refundNo }));
      onDone();
    } catch (err) {
      void quote.refetch();
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open={ticketId !== null}
      title={t('refund.title')}
      testId="ticket-refund"
      busy={busy}
      okText={t('refund.confirm')}
      okDisabled={!quote.data}
      onOk={() => void submit()}
      onClose={onClose}
    >
      {quote.isLoading ? <Spin /> : null}
      {refused ? <Alert type="error" showIcon message={refused} data-testid="ticket-refund-refused" /> : null}
      {quote.data ? (
        <>
          <Descriptions size="small" bordered column={1} style={{ marginBottom: 16 }} data-testid="ticket-refund-quote" data-amount={quote.data.amountFen}>
            <Descriptions.Item label={t('refund.price')}>{yuan(quote.data.priceFen)}</Descriptions.Item>
            <Descriptions.Item label={t('refund.hoursLeft')}>
              {t('refund.hoursN', { n: quote.data.hoursLeft })} ({formatTime(quote.data.startAt)})
            </Descriptions.Item>
            <Descriptions.Item label={t('refund.percent')}>{quote.data.percent}%</Descriptions.Item>
            <Descriptions.Item label={t('refund.amount')}>
              <Typography.Text strong data-testid="ticket-refund-amount">
                {yuan(quote.data.amountFen)}
              </Typography.Text>
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} name="ticket-refund" layout="vertical" autoComplete="off">
            <Form.Item name="reason" label={t('refund.reason')} rules={reasonRules} required extra={t('refund.review')}>
              <Input maxLength={200} />
            </Form.Item>
          </Form>
        </>
      ) : null}
    </FormModal>
  );
}

interface RulesValues {
  refundable: boolean;
  tiers: { hoursBefore?: number; percent?: number }[];
}

/** A session's refund rules (the session's refund dialog in the project detail). */
export function SessionRefundRulesDialog({ sessionId, onClose }: { sessionId: number | null; onClose: () => void }) {
  const t = useRulesT();
  const qc = useQueryClient();
  const [form] = Form.useForm<RulesValues>();
  const [busy, setBusy] = useState(false);
  const rules = useQuery({ queryKey: ['ticket', 'refundRules', sessionId], queryFn: () => rulesApi.rules(sessionId!), enabled: sessionId !== null, gcTime: 0 });
  const refundable = Form.useWatch('refundable', form);
  useEffect(() => {
    if (!rules.data) return;
    const r = rules.data.refundRules;
    form.setFieldsValue({ refundable: r ? r.refundable : true, tiers: r?.tiers ?? [] });
  }, [rules.data, form]);

  const submit = async () => {
    let v: RulesValues;
    try {
      v = await form.validateFields();
    } catch {
      return;
    }
    setBusy(true);
    try {
      const tiers = (v.tiers ?? []).map((x) => ({ hoursBefore: x.hoursBefore ?? 0, percent: x.percent ?? 0 }));
      await rulesApi.saveRules(sessionId!, {
        refundRules: v.refundable && !tiers.length ? null : { refundable: v.refundable, tiers },
        version: rules.data!.version,
      });
      success(t('rules.saved'));
      void qc.invalidateQueries({ queryKey: ['ticket', 'refundRules', sessionId] });
      onClose();
    } catch (err) {
      await reactToSaveError(form, err, { reload: () => rules.refetch() });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open={sessionId !== null}
      title={t('rules.title')}
      testId="refund-rules"
      busy={busy}
      width={560}
      okDisabled={!rules.data}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      {rules.isLoading ? <Spin /> : null}
      <Form form={form} name="refund-rules" layout="vertical" autoComplete="off" initialValues={{ refundable: true, tiers: [] }}>
        <Form.Item name="refundable" label={t('rules.refundable')} valuePropName="checked">
          <Switch data-testid="refund-rules-refundable" />
        </Form.Item>
        {refundable !== false ? (
          <Form.List name="tiers">
            {(items, { add, remove }) => (
              <>
                <Typography.Text strong>{t('rules.tiers')}</Typography.Text>
                {!items.length ? (
                  <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
                    {t('rules.noTiers')}
                  </Typography.Paragraph>
                ) : null}
                {items.map((f) => (
                  <Space key={f.key} align="baseline" style={{ display: 'flex', marginTop: 8 }}>
                    <Form.Item name={[f.name, 'hoursBefore']} label={t('rules.hoursBefore')} rules={[{ required: true, message: t('rules.hoursBefore') }]}>
                      <InputNumber min={0} max={8760} precision={0} data-testid={`refund-rules-hours-${f.name}`} />
                    </Form.Item>
                    <Form.Item name={[f.name, 'percent']} label={t('rules.percent')} rules={[{ required: true, message: t('rules.percent') }]}>
                      <InputNumber min={0} max={100} precision={0} data-testid={`refund-rules-percent-${f.name}`} />
                    </Form.Item>
                    <Button type="text" icon={<DeleteOutlined />} onClick={() => remove(f.name)} aria-label="remove" />
                  </Space>
                ))}
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  onClick={() => add({ hoursBefore: 24, percent: 100 })}
                  disabled={items.length >= 10}
                  style={{ marginTop: 8 }}
                  data-testid="refund-rules-add"
                >
                  {t('rules.addTier')}
                </Button>
              </>
            )}
          </Form.List>
        ) : null}
        <Alert type="info" showIcon message={t('rules.hint')} style={{ marginTop: 16 }} />
      </Form>
    </FormModal>
  );
}
