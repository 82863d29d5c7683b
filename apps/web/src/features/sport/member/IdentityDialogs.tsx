import { useEffect, useState } from 'react';
import { Descriptions, Form, Input, Radio, Select, Tag } from 'antd';
import { MEMBER_ID_CARD, identityReview, identitySubmit, type IdentityRow, type MemberRow } from '@venue/contract';
import { useDict } from '../../../app/dict.ts';
import { success } from '../../../app/feedback.tsx';
import { FormModal, errorFieldsOf, focusFirstError, useFieldRules } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { memberApi } from './member.api.ts';
import { useRefreshMembers } from './MemberDialogs.tsx';
import { MemberPicker, useMemberT } from './shared.tsx';

interface SubmitValues {
  memberId?: number;
  realName?: string;
  idType?: string;
  idNo?: string;
}

/**
 * Submits an identity check (`POST member/identity`): the member (given, or picked), real name,
 * id type and number. Test ids `identitySubmit-form…`.
 */
export function IdentitySubmitDialog({ open, member, onClose }: { open: boolean; member?: MemberRow | null; onClose: () => void }) {
  const t = useMemberT();
  const refresh = useRefreshMembers();
  const idTypes = useDict('sys_id_type');
  const [form] = Form.useForm<SubmitValues>();
  const [busy, setBusy] = useState(false);
  const memberRules = useFieldRules({ name: 'memberId', label: 'field.name', rule: identitySubmit.shape.memberId });
  const nameRules = useFieldRules({ name: 'realName', label: 'identity.realName', rule: identitySubmit.shape.realName });
  const typeRules = useFieldRules({ name: 'idType', label: 'identity.idType', rule: identitySubmit.shape.idType });
  const noRules = useFieldRules({ name: 'idNo', label: 'identity.idNo', rule: identitySubmit.shape.idNo });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ memberId: member?.id, realName: member?.name ?? '', idType: member?.idType ?? MEMBER_ID_CARD });
  }, [open, member, form]);

  const submit = async () => {
    let v: SubmitValues;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      await memberApi.submitIdentity({ memberId: member?.id ?? v.memberId!, realName: (v.realName ?? '').trim(), idType: v.idType!, idNo: (v.idNo ?? '').trim() });
      success(t('identity.submitted'));
      await refresh();
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal open={open} title={`${t('identity.submit')}${member ? ` · ${member.name}` : ''}`} testId="identitySubmit-form" busy={busy} width={520} onOk={() => void submit()} onClose={onClose} isDirty={() => form.isFieldsTouched()}>
      <Form form={form} name="identitySubmit-form" layout="vertical" autoComplete="off">
        {member ? null : (
          <Form.Item name="memberId" label={t('identity.memberName')} rules={memberRules} required>
            <MemberPicker kind="individual" testId="identitySubmit-member" />
          </Form.Item>
        )}
        <Form.Item name="realName" label={t('identity.realName')} rules={nameRules} required>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="idType" label={t('identity.idType')} rules={typeRules} required>
          <Select options={idTypes.map((d) => ({ value: d.value, label: d.label }))} />
        </Form.Item>
        <Form.Item name="idNo" label={t('identity.idNo')} rules={noRules} required>
          <Input allowClear maxLength={32} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/**
 * Reviews a pending identity check (`POST member/identity/{id}/review`): approve or reject, with a
 * remark. Test ids `identityReview-form…`.
 */
export function IdentityReviewDialog({ row, onClose }: { row: IdentityRow | null; onClose: () => void }) {
  const t = useMemberT();
  const refresh = useRefreshMembers();
  const idTypes = useDict('sys_id_type');
  const [form] = Form.useForm<{ approve: boolean; remark?: string }>();
  const [busy, setBusy] = useState(false);
  const remarkRules = useFieldRules({ name: 'remark', label: 'identity.remark', rule: identityReview.shape.remark });
  useEffect(() => {
    if (row) form.resetFields();
  }, [row, form]);

  const submit = async () => {
    if (!row) return;
    let v: { approve: boolean; remark?: string };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      await memberApi.reviewIdentity(row.id, { approve: v.approve, remark: v.remark?.trim() || null });
      success(t('identity.reviewed'));
      await refresh();
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal open={!!row} title={`${t('identity.review')} · ${row?.memberName ?? ''}`} testId="identityReview-form" busy={busy} width={560} onOk={() => void submit()} onClose={onClose} isDirty={() => form.isFieldsTouched()}>
      {row ? (
        <Descriptions
          bordered
          size="small"
          column={1}
          style={{ marginBottom: 16 }}
          items={[
            { key: 'member', label: t('identity.memberName'), children: `${row.memberName} · ${row.memberNo}` },
            { key: 'realName', label: t('identity.realName'), children: row.realName },
            { key: 'idType', label: t('identity.idType'), children: idTypes.find((d) => d.value === row.idType)?.label ?? row.idType },
            { key: 'idNo', label: t('identity.idNo'), children: row.idNo },
          ]}
        />
      ) : null}
      <Form form={form} name="identityReview-form" layout="vertical" autoComplete="off" initialValues={{ approve: true, remark: '' }}>
        <Form.Item name="approve" label={t('identity.approve')} required>
          <Radio.Group
            options={[
              { value: true, label: <Tag color="green">{t('identity.pass')}</Tag> },
              { value: false, label: <Tag color="red">{t('identity.reject')}</Tag> },
            ]}
          />
        </Form.Item>
        <Form.Item name="remark" label={t('identity.remark')} rules={remarkRules}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
