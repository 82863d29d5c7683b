import { useMemo, useState } from 'react';
import { Card, Empty, Input, Space, Spin, Tag, Tree, Typography } from 'antd';
import { ApartmentOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { parseIdCard, Perm, userCreate, type Page, type userListQuery, type userUpdate } from '@venue/contract';
import { confirm, inform, success, toast } from '../../../app/feedback.tsx';
import { registerMessages } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { ListPage, invalidateResource, type ListContext, type Option, type ResourceDef } from '../../../kit/index.ts';
import { useOrgOptions, useOrgTree, type OrgOption } from '../org/org.api.ts';
import { AssignMenusDialog, AssignOrgsDialog, AssignRolesDialog, ResetPasswordDialog, UserRolesField } from './UserDialogs.tsx';
import { changeUserStatus, createUser, removeUserFromOrg, userDetail, type User, type UserDetail } from './user.api.ts';
import { t as translate } from '../../../app/i18n.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('user', zh, en);

const S = userCreate.shape;
const statusOptions: Option[] = [
  { value: 0, label: 'status.0', color: 'green' },
  { value: 1, label: 'status.1', color: 'orange' },
  { value: 2, label: 'status.2', color: 'default' },
];

/** Users of spec 3 / 7.3 as a kit description. */
/** The one-time password of a new user, shown once to hand over (the server never answers it again). */
function showInitialPassword(name: string, password: string): Promise<void> {
  return inform({
    title: translate('user:initialPasswordTitle', { name }),
    content: (
      <Space orientation="vertical">
        <Typography.Text>{translate('user:initialPasswordText')}</Typography.Text>
        <Typography.Text code copyable strong style={{ fontSize: 18 }} data-testid="user-initial-password">
          {password}
        </Typography.Text>
      </Space>
    ),
  });
}

/** The user resource: rows, form and search keyed by the contract's types. */
type UserDef = ResourceDef<User, z.input<typeof userCreate> & z.input<typeof userUpdate>, z.input<typeof userListQuery>>;

export const userResource: UserDef = {
  key: 'user',
  ns: 'user',
  name: 'user',
  endpoint: { prefix: 'system', path: 'user' },
  nameField: 'name',
  perms: { add: Perm.user.add, edit: Perm.user.edit, export: Perm.user.export, import: Perm.user.import },
  // Users are never deleted: they are cancelled or removed from an organisation.
  features: { remove: false, batchRemove: false },
  search: [
    { name: 'name', label: 'field.name' },
    { name: 'code', label: 'field.code' },
    { name: 'mobile', label: 'field.mobile' },
    { name: 'no', label: 'field.no' },
    { name: 'status', label: 'field.status', type: 'select', dict: 'sys_user_status', numeric: true },
    { name: 'created', label: 'field.created', type: 'dateRange', rangeKeys: ['beginDate', 'endDate'] },
  ],
  columns: [
    { key: 'no', label: 'field.no', sorter: true },
    { key: 'code', label: 'field.code', sorter: true },
    { key: 'name', label: 'field.name', sorter: true },
    { key: 'orgName', label: 'field.orgName', sorter: 'orgId' },
    { key: 'mobile', label: 'field.mobile', sorter: true },
    { key: 'email', label: 'field.email', inTable: false },
    { key: 'status', label: 'field.status', sorter: true, options: statusOptions },
    { key: 'sex', label: 'field.sex', dict: 'sys_sex', hiddenByDefault: true },
    { key: 'idType', label: 'field.idType', dict: 'sys_id_type', inTable: false },
    { key: 'idNumber', label: 'field.idNumber', inTable: false },
    { key: 'birthday', label: 'field.birthday', format: 'date', inTable: false },
    { key: 'idStartDate', label: 'field.idStartDate', format: 'date', inTable: false },
    { key: 'idEndDate', label: 'field.idEndDate', format: 'date', inTable: false },
    { key: 'idAddress', label: 'field.idAddress', inTable: false },
    { key: 'idAgency', label: 'field.idAgency', inTable: false },
    { key: 'address', label: 'field.address', inTable: false },
    { key: 'nationality', label: 'field.nationality', inTable: false },
    { key: 'citizenship', label: 'field.citizenship', inTable: false },
    { key: 'education', label: 'field.education', inTable: false },
    { key: 'nativePlace', label: 'field.nativePlace', inTable: false },
    { key: 'zipCode', label: 'field.zipCode', inTable: false },
    { key: 'jobNumber', label: 'field.jobNumber', inTable: false },
    { key: 'officePhone', label: 'field.officePhone', inTable: false },
    { key: 'qq', label: 'field.qq', inTable: false },
    { key: 'fax', label: 'field.fax', inTable: false },
    { key: 'registerDate', label: 'field.registerDate', format: 'date', sorter: true, hiddenByDefault: true },
    { key: 'cancelDate', label: 'field.cancelDate', format: 'date', inTable: false },
    { key: 'mustChangePassword', label: 'field.mustChangePassword', format: 'yesNo', inTable: false },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', sorter: true, hiddenByDefault: true },
    { key: 'updateTime', label: 'field.updateTime', format: 'datetime', inTable: false },
    { key: 'remark', label: 'field.remark', inTable: false, detailSpan: 2 },
    // Named in import reports (the organisation column of the sheet).
    { key: 'orgCode', label: 'field.orgCode', inTable: false, inDetail: false },
  ],
  formColumns: 2,
  formWidth: 860,
  form: [
    { name: 'code', label: 'field.code', rule: S.code, group: 'section.account' },
    { name: 'name', label: 'field.name', rule: S.name, group: 'section.account' },
    { name: 'no', label: 'field.no', rule: S.no, extra: 'noHint', group: 'section.account' },
    { name: 'orgId', label: 'field.orgId', type: 'treeSelect', useTree: useOrgTree, modes: ['add'], required: false, group: 'section.account' },
    { name: 'password', label: 'field.password', type: 'password', rule: S.password, modes: ['add'], extra: 'passwordHint', group: 'section.account' },
    {
      name: 'roleIds',
      label: 'field.roleIds',
      type: 'custom',
      render: ({ mode, form }) => <UserRolesField form={form} mode={mode} />,
      extra: 'rolesFormHint',
      span: 2,
      group: 'section.account',
    },
    {
      name: 'status',
      label: 'field.status',
      type: 'radio',
      dict: 'sys_user_status',
      numeric: true,
      initialValue: 0,
      modes: ['add'],
      required: true,
      group: 'section.account',
    },
    { name: 'mobile', label: 'field.mobile', rule: S.mobile, type: 'integer', props: { maxLength: 11, asText: true }, group: 'section.contact' },
    { name: 'email', label: 'field.email', rule: S.email, group: 'section.contact' },
    { name: 'officePhone', label: 'field.officePhone', rule: S.officePhone, group: 'section.contact' },
    { name: 'fax', label: 'field.fax', rule: S.fax, group: 'section.contact' },
    { name: 'qq', label: 'field.qq', rule: S.qq, type: 'integer', props: { maxLength: 20, asText: true }, group: 'section.contact' },
    { name: 'zipCode', label: 'field.zipCode', rule: S.zipCode, type: 'integer', props: { maxLength: 10, asText: true }, group: 'section.contact' },
    { name: 'address', label: 'field.address', rule: S.address, span: 2, group: 'section.contact' },
    { name: 'idType', label: 'field.idType', type: 'select', dict: 'sys_id_type', initialValue: '1', group: 'section.identity' },
    { name: 'idNumber', label: 'field.idNumber', rule: S.idNumber, extra: 'idNumberHint', group: 'section.identity' },
    { name: 'birthday', label: 'field.birthday', type: 'date', rule: S.birthday, group: 'section.identity' },
    { name: 'sex', label: 'field.sex', type: 'radio', dict: 'sys_sex', numeric: true, group: 'section.identity' },
    { name: 'idStartDate', label: 'field.idStartDate', type: 'date', rule: S.idStartDate, group: 'section.identity' },
    { name: 'idEndDate', label: 'field.idEndDate', type: 'date', rule: S.idEndDate, group: 'section.identity' },
    { name: 'idAddress', label: 'field.idAddress', rule: S.idAddress, group: 'section.identity' },
    { name: 'idAgency', label: 'field.idAgency', rule: S.idAgency, group: 'section.identity' },
    { name: 'nationality', label: 'field.nationality', rule: S.nationality, group: 'section.identity' },
    { name: 'citizenship', label: 'field.citizenship', rule: S.citizenship, group: 'section.identity' },
    { name: 'nativePlace', label: 'field.nativePlace', rule: S.nativePlace, group: 'section.identity' },
    { name: 'education', label: 'field.education', rule: S.education, group: 'section.identity' },
    { name: 'jobNumber', label: 'field.jobNumber', rule: S.jobNumber, group: 'section.work' },
    { name: 'registerDate', label: 'field.registerDate', type: 'date', rule: S.registerDate, group: 'section.work' },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: S.remark, group: 'section.work' },
  ],
  toBody: (values) => {
    // Numbers typed in integer-only inputs travel as text, as the contract expects.
    const out = { ...values };
    for (const k of ['mobile', 'zipCode', 'qq']) if (typeof out[k] === 'number') out[k] = String(out[k]);
    return out;
  },
  // The id-card helper (spec 5): a 15/18-digit number fills birthday and sex.
  onValuesChange: (changed, all, form) => {
    if (!('idNumber' in changed) && !('idType' in changed)) return;
    if (all.idType && all.idType !== '1') return;
    const info = parseIdCard(all.idNumber as string);
    if (info) form.setFieldsValue({ birthday: info.birthday, sex: info.sex });
  },
  api: {
    get: (row) => userDetail(row.id),
    list: (body) => http.post<Page<User>>(api.system('user/list'), body),
    create: (body) => createUser(body),
  },
  detailExtra: (row) => <UserLinks user={row as UserDetail} />,
  inlineActions: 2,
};

/** Roles and organisations in the user detail. */
function UserLinks({ user }: { user: UserDetail }) {
  const { t } = useTranslation('user');
  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }} data-testid="user-detail-links">
      <div>
        <Typography.Title level={5}>{t('detailRoles')}</Typography.Title>
        {user.roles?.length ? (
          user.roles.map((r) => <Tag key={r.id}>{`${r.name} · ${r.orgName}`}</Tag>)
        ) : (
          <Typography.Text type="secondary">{t('none')}</Typography.Text>
        )}
      </div>
      <div>
        <Typography.Title level={5}>{t('detailOrgs')}</Typography.Title>
        {user.orgs?.map((o) => (
          <Tag key={o.orgId} color={o.isDefault ? 'blue' : undefined}>
            {o.orgName}
            {o.isDefault ? ` (${t('default')})` : ''}
          </Tag>
        ))}
      </div>
    </Space>
  );
}

function OrgSide({ value, onChange }: { value: number | null; onChange: (id: number | null) => void }) {
  const { t } = useTranslation('user');
  const { data, isLoading } = useOrgOptions();
  const [q, setQ] = useState('');
  const filter = (nodes: OrgOption[]): OrgOption[] =>
    nodes.map((n) => ({ ...n, children: filter(n.children) })).filter((n) => !q || n.name.toLowerCase().includes(q.toLowerCase()) || n.children.length);
  const toTree = (nodes: OrgOption[]): { key: number; title: string; children: unknown[] }[] =>
    nodes.map((n) => ({ key: n.id, title: n.name, children: toTree(n.children) }));
  const tree = toTree(filter(data ?? []));
  return (
    <Card
      size="small"
      variant="borderless"
      title={
        <Space>
          <ApartmentOutlined />
          {t('orgTree')}
        </Space>
      }
      extra={
        value !== null ? (
          <Typography.Link onClick={() => onChange(null)} data-testid="user-org-all">
            {t('allOrgs')}
          </Typography.Link>
        ) : null
      }
      data-testid="user-org-tree"
    >
      <Input.Search
        size="small"
        allowClear
        onChange={(e) => setQ(e.target.value)}
        style={{ marginBottom: 8 }}
        placeholder={t('orgSearch')}
        aria-label={t('orgSearch')}
      />
      {isLoading ? (
        <Spin />
      ) : tree.length ? (
        <Tree
          key={q ? `q:${q}` : 'all'}
          blockNode
          defaultExpandAll
          selectedKeys={value === null ? [] : [value]}
          onSelect={(keys) => onChange(keys.length ? Number(keys[0]) : null)}
          treeData={tree as never}
          style={{ maxHeight: 'calc(100vh - 260px)', overflow: 'auto' }}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />
      )}
    </Card>
  );
}

type Dialog = { kind: 'reset' | 'roles' | 'orgs' | 'menus'; user: User } | null;

/** Users: list by organisation, add, edit, detail, status, password reset, roles, organisations, menus, import, export. */
export default function UserListPage() {
  const { t } = useTranslation('user');
  const [orgId, setOrgId] = useState<number | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);

  const setStatus = async (users: User[], status: 0 | 1 | 2, ctx?: ListContext<User>) => {
    for (const u of users) await changeUserStatus(u.id, status);
    success(t('statusChanged'));
    ctx?.clearSelection();
    void invalidateResource('user');
  };

  /**
   * After a new user is saved: their one-time password (shown once), then, since a user without
   * a role signs in with ROLE_DEFAULT and no permissions, a warning saying so.
   */
  const afterCreate = async (created: UserDetail & { initialPassword?: string }) => {
    if (created.initialPassword) await showInitialPassword(created.name, created.initialPassword);
    // A warning, not a question: saving is done, and roles are one row action away.
    if (!created.roleIds?.length) toast(t('noRoleWarning', { name: created.name }), 'warning');
  };

  const def = useMemo<UserDef>(
    () => ({
      ...userResource,
      api: {
        ...userResource.api,
        create: async (body) => {
          const created = await createUser(body);
          void afterCreate(created);
          return created;
        },
      },
      toolbar: [
        {
          key: 'freeze',
          label: 'freeze',
          perm: Perm.user.status,
          need: 'some',
          confirm: 'freezeConfirm',
          danger: true,
          run: (ctx) => setStatus(ctx.selectedRows, 1, ctx),
        },
        {
          key: 'unfreeze',
          label: 'unfreeze',
          perm: Perm.user.status,
          need: 'some',
          confirm: 'unfreezeConfirm',
          run: (ctx) => setStatus(ctx.selectedRows, 0, ctx),
        },
        { key: 'resetPwd', label: 'resetPwd', perm: Perm.user.resetPwd, need: 'one', run: (ctx) => setDialog({ kind: 'reset', user: ctx.selectedRows[0]! }) },
      ],
      rowActions: [
        {
          key: 'freeze',
          label: 'freeze',
          perm: Perm.user.status,
          danger: true,
          confirm: 'freezeConfirm',
          visible: (u) => u.status === 0,
          run: (u) => setStatus([u], 1),
        },
        {
          key: 'unfreeze',
          label: 'unfreeze',
          perm: Perm.user.status,
          confirm: 'unfreezeConfirm',
          visible: (u) => u.status === 1,
          run: (u) => setStatus([u], 0),
        },
        { key: 'restore', label: 'restore', perm: Perm.user.status, confirm: true, visible: (u) => u.status === 2, run: (u) => setStatus([u], 0) },
        {
          key: 'cancel',
          label: 'cancel',
          perm: Perm.user.status,
          danger: true,
          confirm: 'cancelConfirm',
          visible: (u) => u.status !== 2,
          run: (u) => setStatus([u], 2),
        },
        { key: 'resetPwd', label: 'resetPwd', perm: Perm.user.resetPwd, run: (user) => setDialog({ kind: 'reset', user }) },
        { key: 'roles', label: 'assignRoles', perm: Perm.user.assign, run: (user) => setDialog({ kind: 'roles', user }) },
        { key: 'orgs', label: 'assignOrgs', perm: Perm.user.assign, run: (user) => setDialog({ kind: 'orgs', user }) },
        { key: 'menus', label: 'assignMenus', perm: Perm.user.assign, run: (user) => setDialog({ kind: 'menus', user }) },
        {
          key: 'removeFromOrg',
          label: 'removeFromOrg',
          perm: Perm.user.remove,
          danger: true,
          run: async (user) => {
            const target = orgId ?? user.orgId;
            const org = target === user.orgId ? user.orgName : String(target);
            if (!(await confirm({ content: t('removeFromOrgConfirm', { name: user.name, org }), danger: true }))) return;
            await removeUserFromOrg(user.id, target);
            void invalidateResource('user');
          },
        },
      ],
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the organisation; the actions read the latest state through setters
    [orgId],
  );

  const extra = useMemo(() => (orgId === null ? {} : { orgId, includeChildren: true }), [orgId]);
  const close = () => setDialog(null);
  return (
    <>
      <ListPage def={def} extraFilters={extra} side={<OrgSide value={orgId} onChange={setOrgId} />} />
      {dialog?.kind === 'reset' ? <ResetPasswordDialog user={dialog.user} onClose={close} /> : null}
      {dialog?.kind === 'roles' ? <AssignRolesDialog user={dialog.user} onClose={close} /> : null}
      {dialog?.kind === 'orgs' ? <AssignOrgsDialog user={dialog.user} onClose={close} /> : null}
      {dialog?.kind === 'menus' ? <AssignMenusDialog user={dialog.user} onClose={close} /> : null}
    </>
  );
}
