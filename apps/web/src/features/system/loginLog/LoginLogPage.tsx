import { DeleteOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { Perm, type LoginLogRow, type loginLogQuery, type Page } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { i18n, registerMessages, t } from '../../../app/i18n.ts';
import { api, downloadFile, http } from '../../../app/request.ts';
import { FILE_TIMEOUT_MS, ListPage, type Option, type ResourceDef, type Row } from '../../../kit/index.ts';
import { formatInstant, withDayBounds } from '../common/timeRange.ts';
import { Retention } from '../common/Retention.tsx';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('loginLog', zh, en);

/** A login attempt (POST loginLog/list): the contract's answer. */
export type LoginLog = LoginLogRow;

const wayOptions: Option[] = [
  { value: 'password', label: 'way.password', color: 'blue' },
  { value: 'sms', label: 'way.sms', color: 'cyan' },
  { value: 'sso', label: 'way.sso', color: 'purple' },
  { value: 'recover', label: 'way.recover', color: 'orange' },
];

const resultOptions: Option[] = [
  { value: true, label: 'result.success', color: 'green' },
  { value: false, label: 'result.failure', color: 'red' },
];

const url = (p: string) => api.system(`loginLog/${p}`);

/** What the login log recorded, in words (never the stored phrase itself). */
export function msgLabel(msg: string | null, ok: boolean): string {
  if (msg && i18n.exists(`loginLog:msg.${msg}`)) return t(`loginLog:msg.${msg}`);
  return ok ? t('loginLog:msg.ok') : t('loginLog:otherFailure');
}

export const loginLogResource: ResourceDef<LoginLog, Row, z.input<typeof loginLogQuery>> = {
  key: 'loginLog',
  ns: 'loginLog',
  name: 'name',
  endpoint: { prefix: 'system', path: 'loginLog' },
  perms: { export: Perm.loginLog.export, detail: Perm.loginLog.list },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false },
  defaultSort: { field: 'createdAt', order: 'descend' },
  search: [
    { name: 'loginName', label: 'field.loginName' },
    { name: 'time', label: 'field.time', type: 'dateRange', rangeKeys: ['beginTime', 'endTime'] },
    { name: 'success', label: 'field.success', type: 'select', options: resultOptions },
    { name: 'loginWay', label: 'field.loginWay', type: 'select', options: wayOptions },
    { name: 'ip', label: 'field.ip' },
  ],
  columns: [
    { key: 'createdAt', label: 'field.createdAt', render: (v: string) => formatInstant(v), content: 'time', sorter: true },
    { key: 'loginName', label: 'field.loginName', sorter: true },
    { key: 'orgName', label: 'field.orgName' },
    { key: 'ip', label: 'field.ip', sorter: true },
    { key: 'loginWay', label: 'field.loginWay', options: wayOptions },
    { key: 'success', label: 'field.success', options: resultOptions },
    { key: 'code', label: 'field.code', sorter: true, inTable: false },
    // The server records what happened as a fixed phrase: shown in the user's language.
    { key: 'msg', label: 'field.msg', render: (v: string | null, row) => msgLabel(v, row.success) },
    { key: 'userAgent', label: 'field.userAgent', detailSpan: 2 },
  ],
  api: {
    list: (body) => http.post<Page<LoginLog>>(url('list'), withDayBounds(body)),
    get: (row) => http.get<LoginLog>(url(String(row.id))),
    export: (body) => downloadFile({ url: url('export'), method: 'POST', data: withDayBounds(body), timeout: FILE_TIMEOUT_MS }, 'login-log.xlsx'),
  },
  toolbar: [
    {
      key: 'clean',
      label: 'clean',
      icon: <DeleteOutlined />,
      danger: true,
      perm: Perm.loginLog.remove,
      confirm: 'cleanConfirm',
      run: async (ctx) => {
        const r = await http.del<{ deleted: number }>(url('clean'));
        success(t('loginLog:cleaned', { n: r.deleted }));
        ctx.reload();
      },
    },
  ],
};

/** /monitor/loginLog: every sign-in attempt (search, detail, export, clear). */
export default function LoginLogPage() {
  return <ListPage def={loginLogResource} header={<Retention ns="loginLog" />} />;
}
