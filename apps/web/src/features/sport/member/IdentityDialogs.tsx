import { useLayoutEffect, useState } from 'react';
import { Button, Descriptions, Flex, Form, Image, Input, Radio, Select, Space, Tag, Typography, Upload, theme } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import {
  MEMBER_ID_CARD,
  MEMBER_IMAGE_MAX_SIDE,
  MEMBER_IMAGE_MIN_SIDE,
  identityReview,
  identitySubmit,
  type IdentityRow,
  type MemberRow,
} from '@venue/contract';
import { useDict } from '../../../app/dict.ts';
import { success } from '../../../app/feedback.tsx';
import { BlobImage, FormModal, errorFieldsOf, focusFirstError, useFieldRules } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { memberApi } from './member.api.ts';
import { checkMemberImage, useRefreshMembers } from './MemberDialogs.tsx';
import { MemberPicker, useMemberT } from './shared.tsx';

interface SubmitValues {
  memberId?: number;
  realName?: string;
  idType?: string;
  idNo?: string;
  images?: string[];
}

const MAX_IMAGES = 5;

/** A submission's document images (`member/identity/{id}/image/{index}`), with preview. */
export function IdentityImages({ row }: { row: Pick<IdentityRow, 'id' | 'images'> }) {
  const t = useMemberT();
  if (!row.images.length) return <Typography.Text type="secondary">{t('identity.noImages')}</Typography.Text>;
  return (
    <Image.PreviewGroup>
      <Space wrap data-testid="identity-images">
        {row.images.map((name, i) => (
          <BlobImage key={name} queryKey={['identity', row.id, i]} load={() => memberApi.identityImage(row.id, i)} alt={`${t('identity.images')} ${i + 1}`} />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/**
 * The document images of a new submission: each picked image is checked here (as faces), uploaded
 * (`POST member/identity/image`) and kept by the file name the server answers; at most five.
 */
function DocImagesInput({ value, onChange, id }: { value?: string[]; onChange?: (v: string[]) => void; id?: string }) {
  const t = useMemberT();
  const { token } = theme.useToken();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [previews, setPreviews] = useState<Record<string, string>>({});
  const list = value ?? [];
  const pick = async (file: File) => {
    setProblem(null);
    const p = await checkMemberImage(file);
    if (p) {
      setProblem(t(`face.${p.key}`, { min: MEMBER_IMAGE_MIN_SIDE, max: MEMBER_IMAGE_MAX_SIDE, ...('w' in p ? { w: p.w, h: p.h } : {}) }));
      return;
    }
    setBusy(true);
    try {
      const { name } = await memberApi.uploadIdentityImage(file);
      setPreviews((m) => ({ ...m, [name]: URL.createObjectURL(file) }));
      onChange?.([...list.filter((x) => x !== name), name]);
    } catch {
      /* the request layer showed why */
    } finally {
      setBusy(false);
    }
  };
  return (
    <Flex vertical gap={8} id={id}>
      <Space wrap>
        {list.map((name) => (
          <div
            key={name}
            style={{
              position: 'relative',
              width: 88,
              height: 88,
              borderRadius: token.borderRadius,
              overflow: 'hidden',
              border: `1px solid ${token.colorBorderSecondary}`,
            }}
          >
            {previews[name] ? <Image src={previews[name]} width={88} height={88} style={{ objectFit: 'cover' }} alt="" /> : null}
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('identity.removeImage')}
              onClick={() => onChange?.(list.filter((x) => x !== name))}
              style={{ position: 'absolute', top: 2, right: 2, background: token.colorBgElevated }}
            />
          </div>
        ))}
        {list.length < MAX_IMAGES ? (
          <Upload
            accept=".png,.jpg,.jpeg,image/png,image/jpeg"
            showUploadList={false}
            disabled={busy}
            beforeUpload={(file) => {
              void pick(file);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />} loading={busy} data-testid="identitySubmit-image-upload">
              {t('identity.addImage')}
            </Button>
          </Upload>
        ) : null}
      </Space>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('identity.imagesHint', { max: MAX_IMAGES })}
      </Typography.Text>
      {problem ? (
        <Typography.Text type="danger" style={{ fontSize: 12 }}>
          {problem}
        </Typography.Text>
      ) : null}
    </Flex>
  );
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
  useLayoutEffect(() => {
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
      await memberApi.submitIdentity({
        memberId: member?.id ?? v.memberId!,
        realName: (v.realName ?? '').trim(),
        idType: v.idType!,
        idNo: (v.idNo ?? '').trim(),
        images: v.images?.length ? v.images : undefined,
      });
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
    <FormModal
      open={open}
      title={`${t('identity.submit')}${member ? ` · ${member.name}` : ''}`}
      testId="identitySubmit-form"
      busy={busy}
      width={520}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
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
        <Form.Item name="images" label={t('identity.images')}>
          <DocImagesInput />
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
  useLayoutEffect(() => {
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
    <FormModal
      open={!!row}
      title={`${t('identity.review')} · ${row?.memberName ?? ''}`}
      testId="identityReview-form"
      busy={busy}
      width={560}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
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
            { key: 'images', label: t('identity.images'), children: <IdentityImages row={row} /> },
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
