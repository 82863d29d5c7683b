import { useLayoutEffect, useMemo, useState } from 'react';
import { Descriptions, Form, Input } from 'antd';
import { Perm, refundReview, type RefundRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { FormModal, ListPage, errorFieldsOf, focusFirstError, useFieldRules, type ResourceDef } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { useSession } from '../../../app/session.ts';
import { commerceApi, refreshCommerce } from './commerce.api.ts';
import { refundDef } from './refunds.tsx';
import { CodeLabel, methodOptions, refundToOptions, useCommerceT, yuan } from './shared.tsx';

type Review = { refund: RefundRow; approve: boolean } | null;

/** Approve or reject a refund, with a remark (required both ways: the reviewer says why). */
function ReviewDialog({ review, onClose }: { review: Review; onClose: () => void }) {
  const t = useCommerceT();
  const [form] = Form.useForm<{ remark?: string }>();
  const [busy, setBusy] = useState(false);
  const rules = useFieldRules({ name: 'remark', label: 'review.remark', rule: refundReview.shape.remark });
  useLayoutEffect(() => {
    if (review) form.resetFields();
  }, [review, form]);
  const submit = async () => {
    if (!review) return;
    let v: { remark?: string };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      await commerceApi.reviewRefund(review.refund.id, { approve: review.approve, remark: (v.remark ?? '').trim() });
      success(t(review.approve ? 'review.approved' : 'review.rejected'));
      void refreshCommerce();
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };
  const r = review?.refund;
  return (
    <FormModal
      open={!!review}
      title={r ? t(review.approve ? 'review.approveTitle' : 'review.rejectTitle', { refundNo: r.refundNo }) : ''}
      testId="review-form"
      busy={busy}
      width={560}
      okText={review ? t(review.approve ? 'action.approve' : 'action.reject') : undefined}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      {r ? (
        <Descriptions size="small" bordered column={1} style={{ marginBottom: 16 }}>
          {r.orderNo ? <Descriptions.Item label={t('field.orderNo')}>{r.orderNo}</Descriptions.Item> : null}
          {r.payeeName ? <Descriptions.Item label={t('field.payeeName')}>{r.payeeName}</Descriptions.Item> : null}
          <Descriptions.Item label={t('field.amountFen')}>{yuan(r.amountFen)}</Descriptions.Item>
          <Descriptions.Item label={r.kind === 'order' ? t('field.to') : t('field.method')}>
            {r.kind === 'order' ? <CodeLabel value={r.to} options={refundToOptions} /> : <CodeLabel value={r.method} options={methodOptions} />}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.reason')}>{r.reason}</Descriptions.Item>
          <Descriptions.Item label={t('field.appliedByName')}>{r.appliedByName}</Descriptions.Item>
        </Descriptions>
      ) : null}
      <Form form={form} name="review-form" layout="vertical" autoComplete="off">
        <Form.Item name="remark" label={t('review.remark')} rules={rules} required>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** sport.refund.refundReview: refunds awaiting review (applied), approved or rejected with a remark. */
export default function RefundReviewPage() {
  const [review, setReview] = useState<Review>(null);
  const userId = useSession((s) => s.userId);
  const def = useMemo(() => {
    // A refund is reviewed by someone other than its applicant (the server refuses the applicant).
    const byOther = (r: RefundRow) => String(r.appliedBy) !== userId;
    return {
      ...refundDef('refundReview', null, { state: 'applied' }, false),
      rowActions: [
        { key: 'approve', label: 'action.approve', perm: Perm.refund.review, visible: byOther, run: (r: RefundRow) => setReview({ refund: r, approve: true }) },
        {
          key: 'reject',
          label: 'action.reject',
          perm: Perm.refund.review,
          danger: true,
          visible: byOther,
          run: (r: RefundRow) => setReview({ refund: r, approve: false }),
        },
      ],
    };
  }, [userId]);
  return (
    <>
      <ListPage def={def as ResourceDef<RefundRow>} />
      <ReviewDialog review={review} onClose={() => setReview(null)} />
    </>
  );
}
