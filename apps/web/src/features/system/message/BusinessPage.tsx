import { Space, Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { Perm, messageBusinessCreate, type MessageBusinessRow, type Page, type messageBusinessListQuery } from '@venue/contract';
import { t } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { ListPage, type Option, type ResourceDef, type Row } from '../../../kit/index.ts';
import { channelOptions, enabledOptions } from './shared.tsx';

const rules = messageBusinessCreate.shape;
const VARIABLE_LINE = /^\s*([A-Za-z_][A-Za-z0-9_]{0,31})\s*(?:=\s*(.*))?$/;

/** `name=sample` lines to the variable list (blank lines skipped). */
function parseVariables(text: string): { name: string; sample: string }[] | null {
  const out: { name: string; sample: string }[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    const m = VARIABLE_LINE.exec(line);
    if (!m || out.some((v) => v.name === m[1])) return null;
    out.push({ name: m[1]!, sample: (m[2] ?? '').trim().slice(0, 200) });
  }
  return out;
}
const variablesRule = z
  .string()
  .max(6000)
  .refine((v) => parseVariables(v ?? '') !== null, 'message.variablesBad')
  .optional();

/** The roles the caller can see, for the recipient picker. */
function useRoleOptions(): Option[] {
  const roles = useQuery({
    queryKey: ['message', 'roles'],
    queryFn: async () => (await http.post<Page<{ id: number; name: string; orgName?: string }>>(api.system('role/list'), { pageNum: 1, pageSize: 500 })).data,
    retry: false,
  });
  return (roles.data ?? []).map((r) => ({ value: r.id, label: r.name }));
}

type Form = {
  code: string;
  name: string;
  channels: string[];
  variablesText: string;
  member: boolean;
  operator: boolean;
  orgUsers: boolean;
  roleIds: number[];
  status: number;
  remark: string;
};

export const businessResource: ResourceDef<MessageBusinessRow, Form, z.input<typeof messageBusinessListQuery>> = {
  key: 'messageBusiness',
  ns: 'message',
  name: 'business',
  nameField: 'name',
  endpoint: { prefix: 'system', path: 'message/business' },
  perms: { add: Perm.message.business, edit: Perm.message.business, remove: Perm.message.business },
  features: { export: false, import: false },
  search: [
    { name: 'code', label: 'field.code' },
    { name: 'name', label: 'field.name' },
    { name: 'status', label: 'field.status', type: 'select', options: enabledOptions },
  ],
  columns: [
    { key: 'name', label: 'field.name', width: 150, render: (v: string) => <strong>{v}</strong> },
    { key: 'code', label: 'field.code', content: 'code' },
    {
      key: 'channels',
      label: 'field.channels',
      width: 260,
      render: (v: string[]) => (
        <Space size={[4, 4]} wrap>
          {v.map((c) => (
            <Tag key={c} color={channelOptions.find((o) => o.value === c)?.color}>
              {t(`message:channel.${c}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'recipients',
      label: 'field.recipients',
      width: 220,
      render: (r: MessageBusinessRow['recipients']) => (
        <Space size={[4, 4]} wrap>
          {r.member ? <Tag>{t('message:recipient.member')}</Tag> : null}
          {r.operator ? <Tag>{t('message:recipient.operator')}</Tag> : null}
          {r.orgUsers ? <Tag>{t('message:recipient.orgUsers')}</Tag> : null}
          {r.roleIds.length ? <Tag>{`${t('message:recipient.roles')} × ${r.roleIds.length}`}</Tag> : null}
        </Space>
      ),
    },
    {
      key: 'variables',
      label: 'field.variables',
      width: 240,
      render: (v: { name: string }[]) => (
        <Space size={[4, 4]} wrap>
          {v.map((x) => (
            <Tag key={x.name} style={{ fontFamily: 'monospace' }}>{`{${x.name}}`}</Tag>
          ))}
        </Space>
      ),
    },
    { key: 'templateCount', label: 'field.templateCount', content: 'number' },
    { key: 'status', label: 'field.status', options: enabledOptions },
    { key: 'orgName', label: 'field.orgName', hiddenByDefault: true },
    { key: 'remark', label: 'field.remark', hiddenByDefault: true },
    { key: 'updatedAt', label: 'field.updatedAt', format: 'datetime', hiddenByDefault: true },
  ],
  form: [
    { name: 'code', label: 'field.code', rule: rules.code, modes: ['add'] },
    { name: 'name', label: 'field.name', rule: rules.name },
    { name: 'channels', label: 'field.channels', type: 'multiSelect', options: channelOptions, rule: rules.channels, span: 2 },
    {
      name: 'variablesText',
      label: 'field.variables',
      type: 'textarea',
      rule: variablesRule,
      span: 2,
      extra: 'variablesHint',
      props: { autoSize: { minRows: 3, maxRows: 8 } },
    },
    { name: 'member', label: 'recipient.member', type: 'switch', initialValue: false, group: 'field.recipients' },
    { name: 'operator', label: 'recipient.operator', type: 'switch', initialValue: false, group: 'field.recipients' },
    { name: 'orgUsers', label: 'recipient.orgUsers', type: 'switch', initialValue: false, group: 'field.recipients' },
    { name: 'roleIds', label: 'recipient.roles', type: 'multiSelect', useOptions: useRoleOptions, required: false, group: 'field.recipients' },
    { name: 'status', label: 'field.status', type: 'radio', options: enabledOptions, initialValue: 0 },
    { name: 'remark', label: 'field.remark', type: 'textarea', rule: rules.remark, span: 2 },
  ],
  formColumns: 2,
  formWidth: 760,
  toForm: (row) => ({ ...row, variablesText: row.variables.map((v) => `${v.name}=${v.sample}`).join('\n'), ...row.recipients }),
  toBody: (values: Row, mode, row) => {
    const { variablesText, member, operator, orgUsers, roleIds, ...rest } = values;
    const body: Row = { ...rest };
    // An edit sends the changed fields only: recipients go whole when any of them changed.
    const was = row?.recipients ?? { member: false, operator: false, orgUsers: false, roleIds: [] };
    if (mode === 'add' || [member, operator, orgUsers, roleIds].some((v) => v !== undefined)) {
      body.recipients = {
        member: Boolean(member ?? was.member),
        operator: Boolean(operator ?? was.operator),
        orgUsers: Boolean(orgUsers ?? was.orgUsers),
        roleIds: roleIds ?? was.roleIds,
      };
    }
    if (variablesText !== undefined) body.variables = parseVariables(String(variablesText ?? '')) ?? [];
    if (mode === 'edit') delete body.code;
    return body;
  },
};

/** /message/business: business events, the variables their templates may use, their channels and recipients. */
export default function BusinessPage() {
  return <ListPage def={businessResource} />;
}
