import { useState } from 'react';
import { Button, Form, Input, Select, Space } from 'antd';
import { UserAddOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { memberCreate, Perm, type MemberBrief, type MemberRow } from '@venue/contract';
import { success } from '../app/feedback.tsx';
import { api, http } from '../app/request.ts';
import { errorFieldsOf, focusFirstError, reactToSaveError } from './form.ts';
import { FormModal } from './FormModal.tsx';
import { useKitT } from './kitI18n.ts';
import { useCan } from './useCan.ts';
import { validateValue } from './zodRule.ts';

/** Members by phone, member number or name (`POST {sport}member/search`). */
export const searchMembers = (keyword: string, limit = 10) => http.post<MemberBrief[]>(api.sport('member/search'), { keyword, limit });

export interface MemberSelectProps {
  id?: string;
  value?: number | string | null;
  onChange?: (v: number | null) => void;
  /** The chosen member (or null when cleared), for screens that show more of them. */
  onMember?: (m: MemberBrief | null) => void;
  /** Default 'member-select'. */
  testId?: string;
  disabled?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
}

interface NewMemberValues {
  name?: string;
  phone?: string;
  level?: string;
}

/**
 * Registers a member at the point of sale (issue 25, point 5): name, phone and an optional level,
 * saved by the member screens' own call (`POST {sport}member/add`, under the member-add permission),
 * so the server's rules hold (a phone already taken is refused at its field).
 */
function NewMemberDialog({ open, keyword, onClose, onCreated }: { open: boolean; keyword: string; onClose: () => void; onCreated: (m: MemberBrief) => void }) {
  const t = useKitT();
  const [form] = Form.useForm<NewMemberValues>();
  const [busy, setBusy] = useState(false);
  const S = memberCreate.shape;
  const rule = (schema: Parameters<typeof validateValue>[0]) => ({
    validator: async (_: unknown, value: unknown) => {
      const msg = validateValue(schema, value, t);
      if (msg) throw new Error(msg);
    },
  });
  // What was typed in the search starts the form: digits are a phone, anything else a name.
  const typed = keyword.trim();
  const initial: NewMemberValues = /^\d+$/.test(typed) ? { phone: typed } : typed ? { name: typed } : {};
  const save = async () => {
    let v: NewMemberValues;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      const row = await http.post<MemberRow>(api.sport('member/add'), { name: v.name, phone: v.phone, level: v.level?.trim() || undefined, source: 'desk' });
      success(t('memberCreated', { name: row.name }));
      onCreated({ id: row.id, memberNo: row.memberNo, name: row.name, phone: row.phone, level: row.level, status: row.status });
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      open={open}
      title={t('memberNew')}
      testId="member-new"
      busy={busy}
      width={420}
      onOk={() => void save()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      <Form form={form} name="member-new-form" layout="vertical" autoComplete="off" initialValues={initial} onFinish={() => void save()}>
        <Form.Item name="name" label={t('memberName')} rules={[rule(S.name)]} required>
          <Input maxLength={64} autoFocus data-testid="member-new-name" />
        </Form.Item>
        <Form.Item name="phone" label={t('memberPhone')} rules={[rule(S.phone)]} required>
          <Input maxLength={11} inputMode="numeric" data-testid="member-new-phone" />
        </Form.Item>
        <Form.Item name="level" label={t('memberLevel')} rules={[rule(S.level)]}>
          <Input maxLength={32} data-testid="member-new-level" />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </FormModal>
  );
}

/**
 * Finds a member by phone, member number or name as the operator types (the server searches); with
 * the member-add permission, "New member" registers one on the spot and picks them.
 */
export function MemberSelect({ value, onChange, onMember, id, testId = 'member-select', disabled, placeholder, style }: MemberSelectProps) {
  const t = useKitT();
  const can = useCan();
  const [keyword, setKeyword] = useState('');
  // The last thing typed (the select clears its search when it closes): the new member's form starts from it.
  const [typed, setTyped] = useState('');
  const [adding, setAdding] = useState(false);
  // A member just registered: shown as the choice though no search has found them yet.
  const [added, setAdded] = useState<MemberBrief | null>(null);
  const found = useQuery({
    queryKey: ['members', 'search', keyword],
    queryFn: () => searchMembers(keyword),
    enabled: keyword.trim().length > 0,
    staleTime: 10_000,
  });
  const rows = [...(added && !(found.data ?? []).some((m) => m.id === added.id) ? [added] : []), ...(found.data ?? [])];
  const mayAdd = can(Perm.member.add) && !disabled;
  const select = (
    <Select
      id={id}
      showSearch={{
        filterOption: false,
        onSearch: (v) => {
          setKeyword(v);
          if (v.trim()) setTyped(v);
        },
      }}
      allowClear
      disabled={disabled}
      style={mayAdd ? { flex: 1, minWidth: 0, ...style } : style}
      value={value === undefined || value === null || value === '' ? undefined : Number(value)}
      onChange={(v) => {
        onChange?.(v ?? null);
        onMember?.(rows.find((m) => m.id === v) ?? null);
      }}
      placeholder={placeholder ?? t('memberSearch')}
      loading={found.isFetching}
      notFoundContent={keyword ? t('memberNone') : null}
      options={rows.map((m) => ({ value: m.id, label: `${m.name} ${m.phone} · ${m.memberNo}${m.level ? ` · ${m.level}` : ''}` }))}
      data-testid={testId}
    />
  );
  if (!mayAdd) return select;
  return (
    <>
      <Space.Compact style={{ display: 'flex', width: style?.width ?? '100%' }}>
        {select}
        <Button icon={<UserAddOutlined />} onClick={() => setAdding(true)} data-testid={`${testId}-new`}>
          {t('memberNew')}
        </Button>
      </Space.Compact>
      {adding ? (
        <NewMemberDialog
          open
          keyword={typed}
          onClose={() => setAdding(false)}
          onCreated={(m) => {
            setAdding(false);
            setAdded(m);
            onChange?.(m.id);
            onMember?.(m);
          }}
        />
      ) : null}
    </>
  );
}
