import { useLayoutEffect, useMemo, useState } from 'react';
import { Alert, DatePicker, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { MemberSelect, focusFirstError, invalidateResource, useVenueTimeZone, venueToday } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { PayDialog, newIdempotencyKey, refreshCommerce, yuan } from '../../../kit/pay/index.ts';
import { sparringApi } from './sparring.api.ts';
import { HALF_HOURS, useSparringT } from './shared.tsx';

interface BookValues {
  coachId?: number;
  date?: Dayjs;
  start?: string;
  end?: string;
  siteId?: number | null;
  buyer?: 'walkIn' | 'member';
  memberId?: number | null;
  buyerName?: string;
  buyerPhone?: string;
  remark?: string;
}

/**
 * Book a coach (the sparring list's toolbar): coach, date and hours, an optional site, a member or
 * a walk-in; the price is asked of the server as the form changes and shown before booking; the
 * order is then paid with the console's pay dialog.
 */
export function BookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useSparringT();
  const [form] = Form.useForm<BookValues>();
  const timeZone = useVenueTimeZone();
  const [key, setKey] = useState(newIdempotencyKey());
  const [busy, setBusy] = useState(false);
  const [payId, setPayId] = useState<number | null>(null);
  const coaches = useQuery({ queryKey: ['sparring', 'coaches'], queryFn: sparringApi.coaches, enabled: open });
  const sites = useQuery({ queryKey: ['sparring', 'sites'], queryFn: sparringApi.sites, enabled: open });
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ date: venueToday(timeZone).add(1, 'day'), start: '10:00', end: '11:00', buyer: 'walkIn' });
    setKey(newIdempotencyKey());
  }, [open, form, timeZone]);

  const v = Form.useWatch([], form) as BookValues | undefined;
  const ask = useMemo(() => {
    if (!v?.coachId || !v.date || !v.start || !v.end || v.start >= v.end) return null;
    return {
      coachId: v.coachId,
      date: v.date.format('YYYY-MM-DD'),
      start: v.start,
      end: v.end,
      ...(v.siteId ? { siteId: v.siteId } : {}),
      ...(v.buyer === 'member' && v.memberId ? { memberId: v.memberId } : {}),
    };
  }, [v?.coachId, v?.date, v?.start, v?.end, v?.siteId, v?.buyer, v?.memberId]);
  const quote = useQuery({ queryKey: ['sparring', 'quote', ask], queryFn: () => sparringApi.quote(ask!), enabled: open && !!ask, retry: false });

  const submit = async () => {
    const values = await form.validateFields().catch((e) => {
      focusFirstError(form);
      throw e;
    });
    setBusy(true);
    try {
      const made = await sparringApi.order(
        {
          coachId: values.coachId!,
          date: values.date!.format('YYYY-MM-DD'),
          start: values.start!,
          end: values.end!,
          ...(values.siteId ? { siteId: values.siteId } : {}),
          ...(values.buyer === 'member' && values.memberId ? { memberId: values.memberId } : {}),
          ...(values.buyer === 'walkIn' ? { buyerName: values.buyerName || null, buyerPhone: values.buyerPhone || null } : {}),
          remark: values.remark || null,
        },
        key,
      );
      invalidateResource('sparring');
      void refreshCommerce();
      onClose();
      setPayId(made.orderId);
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };

  const quoteText = quote.data ? yuan(quote.data.amount) : quote.error ? ((quote.error as { message?: string }).message ?? '') : t('quoteNone');
  return (
    <>
      <Modal
        open={open}
        title={t('bookTitle')}
        onCancel={onClose}
        onOk={() => void submit()}
        confirmLoading={busy}
        destroyOnHidden
        okButtonProps={{ 'data-testid': 'sparring-book-ok' } as never}
        data-testid="sparring-book"
        width={560}
      >
        <Form form={form} name="sparring-book" layout="vertical">
          <Form.Item name="coachId" label={t('field.coach')} rules={[{ required: true }]}>
            <Select
              showSearch
              optionFilterProp="label"
              loading={coaches.isLoading}
              notFoundContent={t('noCoach')}
              options={(coaches.data?.data ?? []).map((c) => ({ value: c.id, label: c.level ? `${c.name}（${t.dynamic('level', c.level)}）` : c.name }))}
            />
          </Form.Item>
          <Space wrap>
            <Form.Item name="date" label={t('field.date')} rules={[{ required: true }]}>
              <DatePicker allowClear={false} disabledDate={(d) => d.isBefore(venueToday(timeZone))} />
            </Form.Item>
            <Form.Item name="start" label={t('field.start')} rules={[{ required: true }]}>
              <Select style={{ width: 110 }} options={HALF_HOURS.slice(0, -1).map((h) => ({ value: h, label: h }))} />
            </Form.Item>
            <Form.Item name="end" label={t('field.end')} rules={[{ required: true }]}>
              <Select style={{ width: 110 }} options={HALF_HOURS.slice(1).map((h) => ({ value: h, label: h }))} />
            </Form.Item>
          </Space>
          <Form.Item name="siteId" label={t('field.site')}>
            <Select
              allowClear
              showSearch
              optionFilterProp="label"
              loading={sites.isLoading}
              options={(sites.data?.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
          <Form.Item name="buyer" label={t('field.buyer')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'walkIn', label: t('walkIn') },
                { value: 'member', label: t('member') },
              ]}
            />
          </Form.Item>
          {v?.buyer === 'member' ? (
            <Form.Item name="memberId" label={t('member')} rules={[{ required: true }]}>
              <MemberSelect testId="sparring-member" />
            </Form.Item>
          ) : (
            <Space wrap>
              <Form.Item name="buyerName" label={t('field.buyerName')}>
                <Input maxLength={64} />
              </Form.Item>
              <Form.Item name="buyerPhone" label={t('field.buyerPhone')}>
                <Input maxLength={11} />
              </Form.Item>
            </Space>
          )}
          <Form.Item name="remark" label={t('field.remark')}>
            <Input maxLength={200} />
          </Form.Item>
          <Alert
            type={quote.error ? 'warning' : 'info'}
            data-testid="sparring-quote"
            message={
              <Space>
                <Typography.Text>{t('quote')}</Typography.Text>
                <Typography.Text strong>{quoteText}</Typography.Text>
              </Space>
            }
            description={quote.data?.parts.map((p) => `${p.start}-${p.end} ${yuan(p.hourFen)}/h · ${p.groupName}`).join('；')}
          />
        </Form>
      </Modal>
      <PayDialog orderId={payId} open={payId !== null} onClose={() => setPayId(null)} onPaid={() => invalidateResource('sparring')} />
    </>
  );
}
