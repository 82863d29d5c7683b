import { useEffect, useState } from 'react';
import { Alert, Checkbox, Form, Input, Select, Spin, TreeSelect, Typography, type FormInstance } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { confirm, success } from '../../../app/feedback.tsx';
import { useLang } from '../../../app/prefs.ts';
import { useSession } from '../../../app/session.ts';
import { FormModal, applyFieldErrors, invalidateResource, sameIds, useKitT } from '../../../kit/index.ts';
import { usePasswordStrategy } from '../../../app/password/password.api.ts';
import { passwordRulesText, policyRule, sameAsRule } from '../../../app/password/rules.ts';
import { refreshAccess } from '../access.ts';
import { MenuGrantTree } from '../menu/MenuGrantTree.tsx';
import { orgTreeOptions, useOrgOptions } from '../org/org.api.ts';
import { useAssignableRoles, type Role } from '../role/role.api.ts';
import { assignUserMenus, resetUserPassword, setUserOrgs, setUserRoles, userDetail, userMenus, type User } from './user.api.ts';

/** Console-only: the dialogs' props. */
interface DialogProps {
  user: User;
  onClose: () => void;
}

/** Refetches the user lists; a change to the signed-in user reloads their menus and permissions. */
function useAfterChange(user: User) {
  const me = useSession((s) => s.userId);
  return () => {
    void invalidateResource('user');
    if (String(user.id) === me) void refreshAccess();
  };
}

/** Admin password reset: two entries that match, checked against the password policy. */
export function ResetPasswordDialog({ user, onClose }: DialogProps) {
  const { t } = useTranslation('user');
  const tk = useKitT();
  const lang = useLang();
  const [form] = Form.useForm<{ password?: string; confirmPassword?: string; useDefault?: boolean }>();
  const [busy, setBusy] = useState(false);
  const { data: strategy } = usePasswordStrategy();
  const useDefault = Form.useWatch('useDefault', form) === true;
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      await resetUserPassword(
        v.useDefault ? { userId: user.id, useDefault: true } : { userId: user.id, password: v.password, confirmPassword: v.confirmPassword },
      );
      success(t('pwdReset'));
      onClose();
    } catch (err) {
      applyFieldErrors(form, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      open
      title={t('resetPwdTitle', { name: user.name })}
      testId="user-reset"
      busy={busy}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
      onOk={() => void submit().catch(() => undefined)}
    >
      <Form form={form} layout="vertical" autoComplete="off" name="user-reset">
        <Form.Item name="useDefault" valuePropName="checked" extra={useDefault ? t('useDefaultPasswordHint') : undefined}>
          <Checkbox data-testid="user-reset-default">{t('useDefaultPassword')}</Checkbox>
        </Form.Item>
        <Form.Item
          hidden={useDefault}
          name="password"
          label={t('newPassword')}
          extra={strategy ? passwordRulesText(strategy, lang) : undefined}
          dependencies={['useDefault']}
          rules={[{ required: !useDefault, message: tk('required') }, policyRule(strategy, lang, user.code, useDefault)]}
        >
          <Input.Password autoComplete="new-password" data-testid="user-reset-password" />
        </Form.Item>
        <Form.Item
          hidden={useDefault}
          name="confirmPassword"
          label={t('confirmPassword')}
          dependencies={['password', 'useDefault']}
          rules={[{ required: !useDefault, message: tk('required') }, sameAsRule('password', t('mismatch'))]}
        >
          <Input.Password autoComplete="new-password" data-testid="user-reset-confirm" />
        </Form.Item>
      </Form>
    </FormModal>
  );
}

/** Roles of a user: roles of the user's organisations and those shared with them from above. */
export function AssignRolesDialog({ user, onClose }: DialogProps) {
  const { t } = useTranslation('user');
  const after = useAfterChange(user);
  const detail = useQuery({ queryKey: ['kit', 'user', 'detail', user.id], queryFn: () => userDetail(user.id) });
  const [value, setValue] = useState<number[] | null>(null);
  const [busy, setBusy] = useState(false);
  const roles = useAssignableRoles(detail.data?.orgIds ?? [user.orgId]);
  const options = roleOptions(roles.data);
  const current = value ?? detail.data?.roleIds ?? [];
  return (
    <FormModal
      open
      title={t('assignRolesTitle', { name: user.name })}
      testId="user-roles"
      onClose={onClose}
      isDirty={() => value !== null && !sameIds(value, detail.data?.roleIds ?? [])}
      busy={busy}
      okDisabled={detail.isLoading}
      onOk={async () => {
        // Saving without any role: the user keeps ROLE_DEFAULT and no permissions. Say so first.
        if (
          !current.length &&
          !(await confirm({ title: t('noRoleTitle'), content: t('noRoleSaveWarning', { name: user.name }), okText: t('saveWithoutRole') }))
        )
          return;
        setBusy(true);
        try {
          await setUserRoles(user.id, current);
          success(t('saved'));
          after();
          onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      {detail.isLoading ? (
        <Spin />
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('rolesHint')}</Typography.Paragraph>
          <Select
            mode="multiple"
            style={{ width: '100%' }}
            value={current}
            onChange={setValue}
            options={options}
            optionFilterProp="label"
            data-testid="user-roles-select"
          />
        </>
      )}
    </FormModal>
  );
}

/** Role choices named with their organisation (a shared role comes from the venue organisation above). */
function roleOptions(roles: Role[] | undefined) {
  return (roles ?? []).map((r) => ({ value: r.id, label: `${r.name} · ${r.orgName}`, disabled: r.status !== 0 }));
}

/**
 * The user form's role field (create and edit): the roles of the chosen organisation (on create),
 * or of the user's organisations (on edit), and those shared from above. Choices that the chosen
 * organisation may not hold are dropped when it changes.
 */
export function UserRolesField({ form, mode, value, onChange }: { form: FormInstance; mode: string; value?: number[]; onChange?: (v: number[]) => void }) {
  const chosen = Form.useWatch('orgId', { form, preserve: true }) as number | undefined;
  const own = useSession((s) => s.userInfo?.currentOrg.orgId);
  const linked = form.getFieldValue('orgIds') as number[] | undefined;
  const orgIds = mode === 'add' ? [chosen ?? own].filter((o): o is number => typeof o === 'number') : (linked ?? [chosen ?? own ?? 0]);
  const roles = useAssignableRoles(orgIds);
  const options = roleOptions(roles.data);
  useEffect(() => {
    if (!roles.data || !value?.length) return;
    const kept = value.filter((id) => roles.data.some((r) => r.id === id));
    if (kept.length !== value.length) onChange?.(kept);
  }, [roles.data, value, onChange]);
  return (
    <Select
      mode="multiple"
      allowClear
      loading={roles.isLoading}
      value={value ?? []}
      onChange={onChange}
      options={options}
      optionFilterProp="label"
      data-testid="user-form-roles"
    />
  );
}

/** Organisations of a user with the default one. */
export function AssignOrgsDialog({ user, onClose }: DialogProps) {
  const { t } = useTranslation('user');
  const tk = useKitT();
  const after = useAfterChange(user);
  const detail = useQuery({ queryKey: ['kit', 'user', 'detail', user.id], queryFn: () => userDetail(user.id) });
  const orgs = useOrgOptions();
  const [ids, setIds] = useState<number[] | null>(null);
  const [def, setDef] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const chosen = ids ?? detail.data?.orgIds ?? [];
  const defaultOrg = def ?? detail.data?.defaultOrgId ?? null;
  const names = new Map<number, string>();
  const walk = (nodes: typeof orgs.data) => nodes?.forEach((n) => (names.set(n.id, n.name), walk(n.children)));
  walk(orgs.data);
  const problem = !chosen.length ? tk('required') : defaultOrg === null || !chosen.includes(defaultOrg) ? `${t('defaultOrg')}: ${tk('required')}` : null;
  return (
    <FormModal
      open
      title={t('assignOrgsTitle', { name: user.name })}
      testId="user-orgs"
      onClose={onClose}
      isDirty={() => (ids !== null && !sameIds(ids, detail.data?.orgIds ?? [])) || (def !== null && def !== detail.data?.defaultOrgId)}
      busy={busy}
      okDisabled={detail.isLoading || !!problem}
      onOk={async () => {
        setBusy(true);
        try {
          await setUserOrgs(user.id, chosen, defaultOrg!);
          success(t('saved'));
          after();
          onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      {detail.isLoading ? (
        <Spin />
      ) : (
        <Form layout="vertical">
          <Form.Item label={t('orgs')} required>
            <TreeSelect
              multiple
              treeCheckable
              treeCheckStrictly
              showCheckedStrategy={TreeSelect.SHOW_ALL}
              treeDefaultExpandAll
              style={{ width: '100%' }}
              value={chosen.map((v) => ({ value: v, label: names.get(v) ?? String(v) }))}
              onChange={(v: { value: number }[]) => setIds(v.map((x) => x.value))}
              treeData={orgTreeOptions(orgs.data)}
              data-testid="user-orgs-select"
            />
          </Form.Item>
          <Form.Item label={t('defaultOrg')} extra={t('defaultOrgHint')} required>
            <Select
              value={defaultOrg ?? undefined}
              onChange={setDef}
              options={chosen.map((v) => ({ value: v, label: names.get(v) ?? String(v) }))}
              data-testid="user-orgs-default"
            />
          </Form.Item>
          {problem && ids !== null ? <Alert type="warning" showIcon title={problem} /> : null}
        </Form>
      )}
    </FormModal>
  );
}

/** Menus given to the user directly, per organisation (`user/menu/{id}`, `user/assign-menu`). */
export function AssignMenusDialog({ user, onClose }: DialogProps) {
  const { t } = useTranslation('user');
  const after = useAfterChange(user);
  const detail = useQuery({ queryKey: ['kit', 'user', 'detail', user.id], queryFn: () => userDetail(user.id) });
  const [orgId, setOrgId] = useState<number | null>(null);
  const org = orgId ?? detail.data?.defaultOrgId ?? user.orgId;
  const menus = useQuery({ queryKey: ['kit', 'user', 'menus', user.id, org], queryFn: () => userMenus(user.id, org), enabled: !!detail.data });
  const [value, setValue] = useState<{ org: number; ids: number[] } | null>(null);
  const ids = value && value.org === org ? value.ids : (menus.data ?? []);
  const [busy, setBusy] = useState(false);
  return (
    <FormModal
      open
      width={640}
      title={t('assignMenusTitle', { name: user.name })}
      testId="user-menus"
      onClose={onClose}
      isDirty={() => value !== null && value.org === org && !sameIds(value.ids, menus.data ?? [])}
      busy={busy}
      okDisabled={!menus.data}
      onOk={async () => {
        setBusy(true);
        try {
          await assignUserMenus(user.id, org, ids);
          success(t('saved'));
          after();
          onClose();
        } finally {
          setBusy(false);
        }
      }}
    >
      <Typography.Paragraph type="secondary">{t('menusHint')}</Typography.Paragraph>
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={t('menuOrg')}>
          <Select
            style={{ minWidth: 220 }}
            value={org}
            onChange={(v) => setOrgId(v)}
            options={(detail.data?.orgs ?? []).map((o) => ({ value: o.orgId, label: o.orgName }))}
            data-testid="user-menus-org"
          />
        </Form.Item>
      </Form>
      {menus.isLoading || detail.isLoading ? (
        <Spin />
      ) : (
        <MenuGrantTree key={org} value={ids} onChange={(v) => setValue({ org, ids: v })} testId="user-menus-tree" height={360} />
      )}
    </FormModal>
  );
}
