import { useLayoutEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Col, DatePicker, Form, Input, Radio, Row as GridRow, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { DeleteOutlined, UserAddOutlined } from '@ant-design/icons';
import { MEMBER_ID_CARD, Perm, entrantAdd, memberCreate, type MemberRow } from '@venue/contract';
import { useDict } from '../../../app/dict.ts';
import { success } from '../../../app/feedback.tsx';
import { FormModal, IntegerInput, ListPage, useFieldRules, type ResourceDef } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { memberApi } from './member.api.ts';
import { useRefreshMembers } from './MemberDialogs.tsx';
import { fillFromIdCard } from './memberForm.tsx';
import { MemberPicker, NS, TagList, faceStateOptions, memberPath, mt, statusOptions, useMemberT } from './shared.tsx';

interface AddValues {
  how: 'existing' | 'create';
  memberIds?: number[];
  name?: string;
  phone?: string | number;
  sex?: 1 | 2 | null;
  idType?: string;
  idNo?: string;
  birthday?: string | null;
}

const S = memberCreate.shape;

/**
 * Adds entrants to a company (`POST member/{id}/entrants`): existing individual members, or a new
 * member registered as its entrant. Test ids `entrantAdd-form…`.
 */
function EntrantAddDialog({ company, open, onClose }: { company: MemberRow; open: boolean; onClose: () => void }) {
  const t = useMemberT();
  const refresh = useRefreshMembers();
  const idTypes = useDict('sys_id_type');
  const sexes = useDict('sys_sex');
  const [form] = Form.useForm<AddValues>();
  const [how, setHow] = useState<AddValues['how']>('existing');
  const pickRules = useFieldRules({ name: 'memberIds', label: 'enterprise.pickMembers', rule: entrantAdd.shape.memberIds, required: true });
  const nameRules = useFieldRules({ name: 'name', label: 'field.name', rule: S.name });
  const phoneRules = useFieldRules({ name: 'phone', label: 'field.phone', rule: S.phone });
  const idNoRules = useFieldRules({ name: 'idNo', label: 'field.idNo', rule: S.idNo, required: false });
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    setHow('existing');
  }, [open, form]);

  const { busy, submit } = useFormSubmit(form, async (v) => {
    const r = await memberApi.addEntrants(
      company.id,
      v.how === 'existing'
        ? { memberIds: v.memberIds ?? [] }
        : {
            member: {
              name: (v.name ?? '').trim(),
              phone: String(v.phone ?? ''),
              sex: v.sex ?? undefined,
              idType: v.idNo ? (v.idType ?? MEMBER_ID_CARD) : undefined,
              idNo: v.idNo?.trim() || undefined,
              birthday: v.birthday || undefined,
            },
          },
    );
    success(t('enterprise.added', { count: r.added }));
    await refresh();
    onClose();
  });

  return (
    <FormModal
      open={open}
      title={`${t('enterprise.addEntrant')} · ${company.name}`}
      testId="entrantAdd-form"
      busy={busy}
      width={620}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      <Form
        form={form}
        name="entrantAdd-form"
        layout="vertical"
        autoComplete="off"
        initialValues={{ how: 'existing', idType: MEMBER_ID_CARD }}
        onValuesChange={(changed: Partial<AddValues>, all: AddValues) => {
          setHow(all.how);
          fillFromIdCard(changed, all, form);
        }}
      >
        <Form.Item name="how" label={t('enterprise.how')}>
          <Radio.Group
            optionType="button"
            buttonStyle="solid"
            options={[
              { value: 'existing', label: t('enterprise.existing') },
              { value: 'create', label: t('enterprise.create') },
            ]}
          />
        </Form.Item>
        {how === 'existing' ? (
          <Form.Item name="memberIds" label={t('enterprise.pickMembers')} rules={pickRules} required extra={t('enterprise.pickHint')}>
            <MemberPicker multiple kind="individual" testId="entrantAdd-members" />
          </Form.Item>
        ) : (
          <GridRow gutter={16}>
            <Col span={12}>
              <Form.Item name="name" label={t('field.name')} rules={nameRules} required>
                <Input allowClear maxLength={64} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="phone" label={t('field.phone')} rules={phoneRules} required>
                <IntegerInput maxLength={11} asText />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="idType" label={t('field.idType')}>
                <Select options={idTypes.map((d) => ({ value: d.value, label: d.label }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="idNo" label={t('field.idNo')} rules={idNoRules} extra={t('idNoHint')}>
                <Input allowClear maxLength={32} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="sex" label={t('field.sex')}>
                <Radio.Group options={sexes.map((d) => ({ value: Number(d.value), label: d.label }))} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item
                name="birthday"
                label={t('field.birthday')}
                getValueProps={(v?: string | null) => ({ value: v ? dayjs(v) : null })}
                normalize={(d?: Dayjs | null) => (d ? d.format('YYYY-MM-DD') : null)}
              >
                <DatePicker style={{ width: '100%' }} />
              </Form.Item>
            </Col>
          </GridRow>
        )}
      </Form>
    </FormModal>
  );
}

/** A company's entrants: the members who may use its cards; add (existing or new) and remove. */
export function EntrantsPanel({ company }: { company: MemberRow }) {
  const navigate = useNavigate();
  const refresh = useRefreshMembers();
  const [adding, setAdding] = useState(false);
  const remove = async (ids: number[]) => {
    await memberApi.removeEntrants(company.id, ids);
    success(mt('enterprise.removed', { count: ids.length }));
    await refresh();
  };
  const def = useMemo<ResourceDef<MemberRow>>(
    () => ({
      key: 'entrant',
      ns: NS,
      name: 'entrant',
      nameField: 'name',
      endpoint: { prefix: 'sport', path: `member/${company.id}/entrants` },
      features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, detail: false },
      search: [{ name: 'keyword', label: 'field.keyword', placeholder: 'field.keywordHint' }],
      columns: [
        { key: 'memberNo', label: 'field.memberNo', content: 'code' },
        { key: 'name', label: 'field.name' },
        { key: 'phone', label: 'field.phone', content: 'code' },
        { key: 'sex', label: 'field.sex', dict: 'sys_sex' },
        { key: 'tags', label: 'field.tags', render: (v: string[]) => <TagList tags={v} /> },
        { key: 'faceState', label: 'field.faceState', options: faceStateOptions },
        { key: 'status', label: 'field.status', options: statusOptions },
      ],
      toolbar: [
        { key: 'add', label: 'enterprise.addEntrant', icon: <UserAddOutlined />, primary: true, perm: Perm.member.edit, run: () => setAdding(true) },
        {
          key: 'remove',
          label: 'enterprise.removeEntrant',
          icon: <DeleteOutlined />,
          danger: true,
          perm: Perm.member.edit,
          need: 'some',
          confirm: 'enterprise.removeConfirm',
          run: async (ctx) => {
            await remove(ctx.selectedKeys.map(Number));
            ctx.clearSelection();
          },
        },
      ],
      rowActions: [
        { key: 'detail', label: 'action.detail', run: (row) => navigate(memberPath(row.id)) },
        {
          key: 'remove',
          label: 'enterprise.removeEntrant',
          danger: true,
          perm: Perm.member.edit,
          confirm: 'enterprise.removeConfirm',
          run: (row) => remove([row.id]),
        },
      ],
      api: { list: (body) => memberApi.entrants(company.id, body) },
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the company; remove is made anew each render and reads the latest state
    [company.id, navigate],
  );
  return (
    <div data-testid="entrants">
      <ListPage def={def} />
      <EntrantAddDialog company={company} open={adding} onClose={() => setAdding(false)} />
    </div>
  );
}
