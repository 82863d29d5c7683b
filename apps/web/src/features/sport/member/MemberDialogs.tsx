import { useLayoutEffect, useState } from 'react';
import { Alert, Button, DatePicker, Drawer, Flex, Form, Input, Modal, Radio, Select, Space, Table, Typography, Upload } from 'antd';
import { CheckOutlined, CloseOutlined, DeleteOutlined, HistoryOutlined, UploadOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import {
  MEMBER_IMAGE_MAX_BYTES,
  MEMBER_IMAGE_MAX_SIDE,
  MEMBER_IMAGE_MIN_SIDE,
  MEMBER_LISTS,
  Perm,
  memberListAdd,
  memberTagsBody,
  type FaceLogRow,
  type MemberList,
  type MemberRow,
} from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { formatDate } from '../../../app/format.ts';
import { useLang } from '../../../app/prefs.ts';
import { FormModal, errorFieldsOf, focusFirstError, invalidateResource, useCan, useFieldRules } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { memberApi } from './member.api.ts';
import { CodeLabel, MemberImage, MemberPicker, endOfDayIso, faceActionOptions, faceStateOptions, useMemberT } from './shared.tsx';

/** After any change of members: every member list, picker, page and list entry is read again. */
export function useRefreshMembers(): () => Promise<void> {
  const qc = useQueryClient();
  return async () => {
    await Promise.all([
      invalidateResource('member'),
      invalidateResource('enterprise'),
      invalidateResource('blackList'),
      invalidateResource('whiteList'),
      invalidateResource('identity'),
      invalidateResource('entrant'),
      invalidateResource('spread'),
      qc.invalidateQueries({ queryKey: ['member'] }),
    ]);
  };
}

// ---------------------------------------------------------------- tags

/** Adds and removes tags on the selected members (`POST member/tags`). Test ids `memberTags-form…`. */
export function TagsDialog({ members, onClose, onDone }: { members: MemberRow[] | null; onClose: () => void; onDone?: () => void }) {
  const t = useMemberT();
  const refresh = useRefreshMembers();
  const [form] = Form.useForm<{ add?: string[]; remove?: string[] }>();
  const [busy, setBusy] = useState(false);
  const addRules = useFieldRules({ name: 'add', label: 'tags.add', rule: memberTagsBody.shape.add });
  const removeRules = useFieldRules({ name: 'remove', label: 'tags.remove', rule: memberTagsBody.shape.remove });
  useLayoutEffect(() => {
    if (members) form.resetFields();
  }, [members, form]);
  const existing = [...new Set((members ?? []).flatMap((m) => m.tags))].sort();

  const submit = async () => {
    if (!members) return;
    let v: { add?: string[]; remove?: string[] };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    if (!v.add?.length && !v.remove?.length) {
      form.setFields([{ name: 'add', errors: [t('tags.empty')] }]);
      return;
    }
    setBusy(true);
    try {
      const r = await memberApi.tags({
        memberIds: members.map((m) => m.id),
        add: v.add?.length ? v.add : undefined,
        remove: v.remove?.length ? v.remove : undefined,
      });
      success(t('tags.done', { count: r.updated }));
      await refresh();
      onDone?.();
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open={!!members}
      title={t('tags.title')}
      testId="memberTags-form"
      busy={busy}
      width={520}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      <Typography.Paragraph type="secondary">{t('tags.selected', { count: members?.length ?? 0 })}</Typography.Paragraph>
      <Form form={form} name="memberTags-form" layout="vertical" autoComplete="off">
        <Form.Item name="add" label={t('tags.add')} rules={addRules} extra={t('tags.addHint')}>
          <Select mode="tags" open={false} suffixIcon={null} tokenSeparators={[',', '，', ' ']} placeholder={t('tags.addHint')} />
        </Form.Item>
        <Form.Item name="remove" label={t('tags.remove')} rules={removeRules}>
          <Select mode="multiple" allowClear options={existing.map((x) => ({ value: x, label: x }))} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

// ---------------------------------------------------------------- black and white lists

interface ListAddValues {
  memberIds?: number[];
  list: MemberList;
  reason?: string;
  expiresAt?: Dayjs | null;
}

/**
 * Puts members on the black or white list (`POST member/lists`) with a reason and an optional
 * expiry. Given `members`, they are the ones added; without, the dialog picks them.
 * Test ids: `memberListAdd-form`, `#memberListAdd-form_reason`, `memberListAdd-form-ok`.
 */
export function ListAddDialog({
  open,
  members,
  list = 'black',
  onClose,
  onDone,
}: {
  open: boolean;
  members?: MemberRow[] | null;
  list?: MemberList;
  onClose: () => void;
  onDone?: () => void;
}) {
  const t = useMemberT();
  const refresh = useRefreshMembers();
  const [form] = Form.useForm<ListAddValues>();
  const [busy, setBusy] = useState(false);
  const [kind, setKind] = useState<MemberList>(list);
  const reasonRules = useFieldRules({ name: 'reason', label: 'listAdd.reason', rule: memberListAdd.shape.reason });
  const memberRules = useFieldRules({ name: 'memberIds', label: 'listAdd.members', rule: memberListAdd.shape.memberIds });
  const given = members?.length ? members : null;
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ list });
    setKind(list);
  }, [open, list, form]);

  const submit = async () => {
    let v: ListAddValues;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const ids = given ? given.map((m) => m.id) : (v.memberIds ?? []);
    setBusy(true);
    try {
      const r = await memberApi.addToList({
        memberIds: ids,
        list: v.list,
        reason: (v.reason ?? '').trim(),
        expiresAt: v.expiresAt ? endOfDayIso(v.expiresAt.format('YYYY-MM-DD')) : null,
      });
      success(t('listAdd.done', { count: r.added }));
      await refresh();
      onDone?.();
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
      title={t('listAdd.title')}
      testId="memberListAdd-form"
      busy={busy}
      width={520}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      <Form
        form={form}
        name="memberListAdd-form"
        layout="vertical"
        autoComplete="off"
        initialValues={{ list }}
        onValuesChange={(_c, all: ListAddValues) => setKind(all.list)}
      >
        {given ? (
          <Typography.Paragraph data-testid="memberListAdd-members">
            {t('listAdd.selected', { count: given.length, names: given.map((m) => m.name).join('、') })}
          </Typography.Paragraph>
        ) : (
          <Form.Item name="memberIds" label={t('listAdd.members')} rules={memberRules} required>
            <MemberPicker multiple testId="memberListAdd-members" />
          </Form.Item>
        )}
        <Form.Item name="list" label={t('listAdd.list')} required>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={MEMBER_LISTS.map((l) => ({ value: l, label: t(`list.${l}`) }))}
            data-testid="memberListAdd-list"
          />
        </Form.Item>
        <Alert
          type={kind === 'black' ? 'warning' : 'info'}
          showIcon
          title={kind === 'black' ? t('listAdd.blackHint') : t('listAdd.whiteHint')}
          style={{ marginBottom: 16 }}
        />
        <Form.Item name="reason" label={t('listAdd.reason')} rules={reasonRules} required>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
        <Form.Item name="expiresAt" label={t('listAdd.expiresAt')} extra={t('listAdd.forever')}>
          <DatePicker style={{ width: '100%' }} disabledDate={(d) => d.isBefore(new Date(), 'day')} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

// ---------------------------------------------------------------- faces

type ImageProblem = { key: 'badType' | 'tooLarge' | 'badImage' } | { key: 'badSize'; w: number; h: number };

function imageSize(file: File): Promise<{ w: number; h: number } | null> {
  return new Promise((resolve) => {
    const u = URL.createObjectURL(file);
    const img = new window.Image();
    img.onload = () => {
      resolve({ w: img.naturalWidth, h: img.naturalHeight });
      URL.revokeObjectURL(u);
    };
    img.onerror = () => {
      resolve(null);
      URL.revokeObjectURL(u);
    };
    img.src = u;
  });
}

/** The checks of the contract before an image is sent (the server checks the content again). */
export async function checkMemberImage(file: File): Promise<ImageProblem | null> {
  if (!/^image\/(png|jpe?g)$/i.test(file.type) && !/\.(png|jpe?g)$/i.test(file.name)) return { key: 'badType' };
  if (file.size > MEMBER_IMAGE_MAX_BYTES) return { key: 'tooLarge' };
  const size = await imageSize(file);
  if (!size) return { key: 'badImage' };
  const ok = (n: number) => n >= MEMBER_IMAGE_MIN_SIDE && n <= MEMBER_IMAGE_MAX_SIDE;
  if (!ok(size.w) || !ok(size.h)) return { key: 'badSize', ...size };
  return null;
}

/**
 * A member's face: the current image, upload (checked here, then by the server), the review
 * (pass / fail, with the face permission) and the log. Test ids `memberFace-…`.
 */
export function FacePanel({ member, onChanged }: { member: MemberRow; onChanged?: (m: MemberRow) => void }) {
  const t = useMemberT();
  const can = useCan();
  const refresh = useRefreshMembers();
  const [busy, setBusy] = useState<'upload' | 'passed' | 'failed' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [logOpen, setLogOpen] = useState(false);
  const editable = can(Perm.member.face);

  const after = async (m: MemberRow) => {
    onChanged?.(m);
    await refresh();
  };

  const pick = async (file: File) => {
    setProblem(null);
    const p = await checkMemberImage(file);
    if (p) {
      setProblem(t(`face.${p.key}`, { min: MEMBER_IMAGE_MIN_SIDE, max: MEMBER_IMAGE_MAX_SIDE, ...('w' in p ? { w: p.w, h: p.h } : {}) }));
      return;
    }
    setBusy('upload');
    try {
      const m = await memberApi.uploadFace(member.id, file);
      success(t('face.uploaded'));
      await after(m);
    } catch {
      /* the request layer showed why */
    } finally {
      setBusy(null);
    }
  };

  const review = async (state: 'passed' | 'failed') => {
    if (state === 'failed' && !(await confirm({ content: t('face.failConfirm'), danger: true }))) return;
    setBusy(state);
    try {
      const m = await memberApi.faceState(member.id, { state });
      success(state === 'passed' ? t('face.passed') : t('face.failed'));
      await after(m);
    } catch {
      /* the request layer showed why */
    } finally {
      setBusy(null);
    }
  };

  const removeFace = async () => {
    if (!(await confirm({ content: t('face.removeConfirm'), danger: true }))) return;
    setBusy('remove');
    try {
      const m = await memberApi.removeFace(member.id);
      success(t('face.removed'));
      await after(m);
    } catch {
      /* the request layer showed why */
    } finally {
      setBusy(null);
    }
  };

  return (
    <div data-testid="memberFace">
      <Flex gap={20} align="flex-start" wrap>
        <MemberImage
          memberId={member.id}
          which="face"
          present={member.hasFace}
          stamp={`${member.version}-${member.faceState}`}
          size={160}
          testId="memberFace-image"
        />
        <Flex vertical gap={10} style={{ minWidth: 240, flex: 1 }}>
          <Space>
            <Typography.Text type="secondary">{t('field.faceState')}</Typography.Text>
            <CodeLabel value={member.faceState} options={faceStateOptions} testId="memberFace-state" />
          </Space>
          {editable ? (
            <Space wrap>
              <Upload
                accept=".png,.jpg,.jpeg,image/png,image/jpeg"
                showUploadList={false}
                disabled={!!busy}
                beforeUpload={(file) => {
                  void pick(file);
                  return Upload.LIST_IGNORE;
                }}
              >
                <Button icon={<UploadOutlined />} loading={busy === 'upload'} data-testid="memberFace-upload">
                  {busy === 'upload' ? t('face.uploading') : member.hasFace ? t('face.replace') : t('face.upload')}
                </Button>
              </Upload>
              {member.hasFace && member.faceState !== 'passed' ? (
                <Button
                  icon={<CheckOutlined />}
                  onClick={() => void review('passed')}
                  loading={busy === 'passed'}
                  disabled={!!busy}
                  data-testid="memberFace-pass"
                >
                  {t('face.pass')}
                </Button>
              ) : null}
              {member.hasFace && member.faceState !== 'failed' ? (
                <Button
                  danger
                  icon={<CloseOutlined />}
                  onClick={() => void review('failed')}
                  loading={busy === 'failed'}
                  disabled={!!busy}
                  data-testid="memberFace-fail"
                >
                  {t('face.fail')}
                </Button>
              ) : null}
              {member.hasFace ? (
                <Button
                  type="text"
                  danger
                  icon={<DeleteOutlined />}
                  onClick={() => void removeFace()}
                  loading={busy === 'remove'}
                  disabled={!!busy}
                  data-testid="memberFace-remove"
                >
                  {t('face.remove')}
                </Button>
              ) : null}
            </Space>
          ) : null}
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('face.hint', { min: MEMBER_IMAGE_MIN_SIDE, max: MEMBER_IMAGE_MAX_SIDE })}
          </Typography.Text>
          {problem ? (
            <Typography.Text type="danger" style={{ fontSize: 12 }} data-testid="memberFace-problem">
              {problem}
            </Typography.Text>
          ) : null}
          <div>
            <Button type="link" icon={<HistoryOutlined />} onClick={() => setLogOpen(true)} style={{ paddingInline: 0 }} data-testid="memberFace-log">
              {t('face.log')}
            </Button>
          </div>
        </Flex>
      </Flex>
      <FaceLogDrawer member={logOpen ? member : null} onClose={() => setLogOpen(false)} />
    </div>
  );
}

/** The face dialog of the member list: the panel above, for one member (kept fresh after each change). */
export function FaceDialog({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const t = useMemberT();
  const [current, setCurrent] = useState<MemberRow | null>(member);
  const [shownFor, setShownFor] = useState<MemberRow | null>(member);
  if (member !== shownFor) {
    setShownFor(member);
    setCurrent(member);
  }
  return (
    <Modal
      open={!!member}
      title={`${t('face.title')} · ${member?.name ?? ''}`}
      width={600}
      footer={null}
      onCancel={onClose}
      destroyOnHidden
      data-testid="memberFace-dialog"
    >
      {current ? <FacePanel member={current} onChanged={setCurrent} /> : null}
    </Modal>
  );
}

/** Every change of a member's face image (`member/{id}/face/logs`), newest first. */
export function FaceLogDrawer({ member, onClose }: { member: MemberRow | null; onClose: () => void }) {
  const t = useMemberT();
  const lang = useLang();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const q = useQuery({ queryKey: ['member', 'faceLogs', member?.id, page], queryFn: () => memberApi.faceLogs(member!.id, page), enabled: !!member });
  return (
    <Drawer open={!!member} title={t('face.logTitle', { name: member?.name ?? '' })} size={640} onClose={onClose} destroyOnHidden data-testid="memberFace-logs">
      <Table<FaceLogRow>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.data ?? []}
        data-testid="memberFace-log-table"
        pagination={{
          current: page.pageNum,
          pageSize: page.pageSize,
          total: q.data?.total ?? 0,
          onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }),
        }}
        columns={[
          { key: 'createTime', dataIndex: 'createTime', title: t('face.time'), className: 'kit-cell-nowrap', render: (v: string) => formatDate(v, lang) },
          { key: 'action', dataIndex: 'action', title: t('face.action'), render: (v: string) => <CodeLabel value={v} options={faceActionOptions} /> },
          { key: 'operatorName', dataIndex: 'operatorName', title: t('face.operator') },
          {
            key: 'image',
            dataIndex: 'image',
            title: t('face.image'),
            ellipsis: true,
            render: (v: string | null) => (v ? <Typography.Text code>{v.slice(0, 12)}</Typography.Text> : null),
          },
        ]}
      />
    </Drawer>
  );
}
