import { Tag, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { operationLogActions, Perm, type OperLogRow, type operLogQuery, type Page } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { i18n, registerMessages, t } from '../../../app/i18n.ts';
import { api, downloadFile, http } from '../../../app/request.ts';
import { FILE_TIMEOUT_MS, ListPage, type Option, type ResourceDef, type Row } from '../../../kit/index.ts';
import { formatInstant, withDayBounds } from '../common/timeRange.ts';
import { Retention } from '../common/Retention.tsx';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('operLog', zh, en);

/** A row of POST operLog/list (the detail adds `params`): the contract's answer. */
export type OperLog = OperLogRow;

const moduleOptions: Option[] = Object.keys(zh.module).map((m) => ({ value: m, label: `module.${m}` }));

const resultOptions: Option[] = [
  { value: true, label: 'result.success', color: 'green' },
  { value: false, label: 'result.failure', color: 'red' },
];

const url = (p: string) => api.system(`operLog/${p}`);

/** The actions each module names (its contract file's `logActions`), by language, route module and action. */
const moduleActions = { 'zh-CN': operationLogActions('zh-CN'), 'en-US': operationLogActions('en-US') };

/**
 * An action in words: the name its module gives it (booking's cancel is 取消预订), else the common
 * name of the route's action, else the method's; never the raw identifier.
 */
function actionLabel(action: string, method?: string, module?: string): string {
  const named = module ? moduleActions[i18n.language === 'en-US' ? 'en-US' : 'zh-CN'][module]?.[action] : undefined;
  if (named) return named;
  if (i18n.exists(`operLog:action.${action}`)) return t(`operLog:action.${action}`);
  if (method && i18n.exists(`operLog:action.${method}`)) return t(`operLog:action.${method}`);
  return t('operLog:action.POST');
}

/**
 * The result in words with its code beside it; no code yet = unfinished (its process stopped
 * before it answered). Plain elements, so the kit can measure the cell's text for its width.
 */
function result(code: number | null) {
  if (code === null) return <Tag data-testid="operLog-result">{t('operLog:unfinished')}</Tag>;
  const ok = code === 0 || code === 103005;
  return (
    <span data-testid="operLog-result">
      <Tag color={ok ? 'green' : 'red'}>{t(ok ? 'operLog:result.success' : 'operLog:result.failure')}</Tag>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {code}
      </Typography.Text>
    </span>
  );
}

function Params({ value }: { value: unknown }) {
  if (value === null || value === undefined || value === '') return <Typography.Text type="secondary">{t('operLog:noParams')}</Typography.Text>;
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(JSON.parse(value), null, 2) : JSON.stringify(value, null, 2);
  } catch {
    text = String(value);
  }
  return (
    <pre data-testid="operLog-params" style={{ margin: 0, maxHeight: 360, overflow: 'auto', fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
      {text}
    </pre>
  );
}

export const operLogResource: ResourceDef<OperLog, Row, z.input<typeof operLogQuery>> = {
  key: 'operLog',
  ns: 'operLog',
  name: 'name',
  endpoint: { prefix: 'system', path: 'operLog' },
  perms: { export: Perm.operLog.export, detail: Perm.operLog.list },
  features: { add: false, edit: false, remove: false, batchRemove: false, selection: false },
  defaultSort: { field: 'createdAt', order: 'descend' },
  search: [
    { name: 'userName', label: 'field.userName' },
    { name: 'time', label: 'field.time', type: 'dateRange', rangeKeys: ['beginTime', 'endTime'] },
    { name: 'success', label: 'field.success', type: 'select', options: resultOptions },
    { name: 'module', label: 'field.module', type: 'select', options: moduleOptions },
    { name: 'path', label: 'field.path' },
  ],
  columns: [
    { key: 'createdAt', label: 'field.createdAt', render: (v: string) => formatInstant(v), content: 'time', sorter: true },
    // Every row names its operator; calls made before signing in (sign-in itself) say so.
    {
      key: 'userName',
      label: 'field.userName',
      sorter: true,
      render: (v: string | null) => v || <Typography.Text type="secondary">{t('operLog:anonymous')}</Typography.Text>,
    },
    { key: 'orgName', label: 'field.orgName' },
    { key: 'module', label: 'field.module', options: moduleOptions, sorter: true },
    { key: 'action', label: 'field.action', render: (v: string, row) => actionLabel(v, row.method, row.module), content: 'code' },
    { key: 'method', label: 'field.method', render: (v: string) => <Tag>{v}</Tag>, content: 'code', hiddenByDefault: true },
    { key: 'path', label: 'field.path', detailSpan: 2 },
    { key: 'code', label: 'field.code', sorter: true, render: (v: number | null) => result(v), content: 'tag' },
    { key: 'durationMs', label: 'field.durationMs', sorter: true, content: 'number' },
    { key: 'ip', label: 'field.ip', content: 'code', hiddenByDefault: true },
  ],
  detailExtra: (row) => (
    <>
      <Typography.Title level={5}>{t('operLog:field.params')}</Typography.Title>
      <Params value={row.params} />
    </>
  ),
  api: {
    list: (body) => http.post<Page<OperLog>>(url('list'), withDayBounds(body)),
    get: (row) => http.get<OperLog>(url(String(row.id))),
    export: (body) => downloadFile({ url: url('export'), method: 'POST', data: withDayBounds(body), timeout: FILE_TIMEOUT_MS }, 'operation-log.xlsx'),
  },
  toolbar: [
    {
      key: 'clean',
      label: 'clean',
      icon: <DeleteOutlined />,
      danger: true,
      perm: Perm.operLog.remove,
      confirm: 'cleanConfirm',
      run: async (ctx) => {
        const r = await http.del<{ deleted: number }>(url('clean'));
        success(t('operLog:cleaned', { n: r.deleted }));
        ctx.reload();
      },
    },
  ],
};

/** /monitor/operLog: every state-changing call (search, detail with parameters, export, clear). */
export default function OperLogPage() {
  return <ListPage def={operLogResource} header={<Retention ns="operLog" />} />;
}
