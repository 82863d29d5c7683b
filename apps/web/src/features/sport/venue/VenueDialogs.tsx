import { useState } from 'react';
import { Alert, Form, Input, Radio, Switch, Tag, Tooltip } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { Perm, venueLock, venueReview, type VenueRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { FormModal, errorFieldsOf, focusFirstError, invalidateResource, useCan, useFieldRules } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { venueApi } from './venue.api.ts';
import { useVenueT } from './shared.tsx';

/** After any change of a venue: the list, "my venue", service management and every detail are read again. */
export const refreshVenues = () => Promise.all([invalidateResource('venue'), invalidateResource('venueService')]).then(() => undefined);

/**
 * The stadium lock dialog: lock (a reason is required) or unlock a venue. A locked venue takes
 * no new bookings. Test ids: `venueLock-form`, `#venueLock-form_reason`, `venueLock-form-ok`.
 */
export function LockDialog({ venue, onClose }: { venue: VenueRow | null; onClose: () => void }) {
  const t = useVenueT();
  const [form] = Form.useForm<{ locked: boolean; reason?: string | null }>();
  // Whether the dialog locks (the reason is then required): followed through onValuesChange, as
  // Form.useWatch does not see the initial values of a form mounted later (the modal's body).
  const [locked, setLocked] = useState(true);
  const [shownFor, setShownFor] = useState<VenueRow | null>(null);
  if (venue !== shownFor) {
    setShownFor(venue);
    setLocked(!venue?.locked);
  }
  const reasonRules = useFieldRules({ name: 'reason', label: 'lock.reason', rule: venueLock.shape.reason, required: locked });
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (!venue) return;
    let v: { locked: boolean; reason?: string | null };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      await venueApi.lock({ id: venue.id, locked: v.locked, reason: v.locked ? (v.reason ?? '').trim() || null : null });
      success(v.locked ? t('lock.done') : t('lock.undone'));
      void refreshVenues();
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open={!!venue}
      title={
        <>
          {t('lock.title')}
          {venue ? <span style={{ fontWeight: 400 }}> · {venue.stadiumName}</span> : null}
        </>
      }
      testId="venueLock-form"
      busy={busy}
      width={520}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      <Alert type="info" showIcon title={t('lock.hint')} style={{ marginBottom: 16 }} />
      <Form
        form={form}
        name="venueLock-form"
        layout="vertical"
        autoComplete="off"
        initialValues={{ locked: !venue?.locked, reason: venue?.locked ? (venue.lockReason ?? '') : '' }}
        onValuesChange={(_c, all) => setLocked(!!all.locked)}
        onFinish={() => void submit()}
      >
        <Form.Item name="locked" label={t('lock.state')} valuePropName="checked">
          <Switch checkedChildren={t('lockState.locked')} unCheckedChildren={t('lockState.unlocked')} data-testid="venueLock-switch" />
        </Form.Item>
        <Form.Item name="reason" label={t('lock.reason')} rules={reasonRules} required={locked} hidden={!locked}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** The platform's review of a venue's application: approve or reject, with a remark. */
export function ReviewDialog({ venue, onClose }: { venue: VenueRow | null; onClose: () => void }) {
  const t = useVenueT();
  const [form] = Form.useForm<{ approve: boolean; remark?: string | null }>();
  const remarkRules = useFieldRules({ name: 'remark', label: 'review.remark', rule: venueReview.shape.remark });
  const save = useMutation({
    mutationFn: (v: { approve: boolean; remark?: string | null }) => venueApi.review({ id: venue!.id, approve: v.approve, remark: v.remark?.trim() || null }),
  });

  const submit = async () => {
    let v: { approve: boolean; remark?: string | null };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    try {
      await save.mutateAsync(v);
      success(t('review.done'));
      void refreshVenues();
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    }
  };

  return (
    <FormModal
      open={!!venue}
      title={`${t('review.title')} · ${venue?.stadiumName ?? ''}`}
      testId="venueReview-form"
      busy={save.isPending}
      width={520}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      <Form form={form} name="venueReview-form" layout="vertical" autoComplete="off" initialValues={{ approve: true, remark: '' }}>
        <Form.Item name="approve" label={t('review.approve')} required>
          <Radio.Group
            options={[
              { value: true, label: <Tag color="green">{t('review.pass')}</Tag> },
              { value: false, label: <Tag color="red">{t('review.reject')}</Tag> },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('review.remark')} rules={remarkRules}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** The shop status as a switch (open / closed), saved at once; read-only without the permission. */
export function ShopSwitch({ venue, size = 'small' }: { venue: VenueRow; size?: 'small' | 'default' }) {
  const t = useVenueT();
  const can = useCan();
  const change = useMutation({
    mutationFn: (open: boolean) => venueApi.shopStatus(venue.id, open ? 1 : 0),
    onSuccess: (row) => {
      success(row.shopStatus === 1 ? t('shop.opened') : t('shop.closedDone'));
      void refreshVenues();
    },
  });
  // A venue opens its shop once the platform has approved it (the server refuses it before).
  const waiting = venue.shopStatus !== 1 && venue.applyState !== 'approved';
  const sw = (
    <Switch
      size={size}
      checked={venue.shopStatus === 1}
      loading={change.isPending}
      disabled={!can(Perm.venue.shop) || waiting}
      checkedChildren={t('shop.open')}
      unCheckedChildren={t('shop.closed')}
      onChange={(v) => change.mutate(v)}
      data-testid="venue-shop"
      data-row-key={venue.id}
    />
  );
  return waiting ? <Tooltip title={t('shop.needApproval')}>{sw}</Tooltip> : sw;
}
