import type { Key } from 'react';
import { Space, Tag, Typography } from 'antd';
import { DisconnectOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { Perm, type OnlineSession, type onlineListQuery, type Page } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { registerMessages, t } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { ListPage, type Option, type ResourceDef, type Row } from '../../../kit/index.ts';
import { formatInstant } from '../common/timeRange.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('online', zh, en);

/** A live session (POST online/list): the contract's answer. */
export type { OnlineSession } from '@venue/contract';

const wayOptions: Option[] = [
  { value: 'password', label: 'way.password', color: 'blue' },
  { value: 'sms', label: 'way.sms', color: 'cyan' },
  { value: 'sso', label: 'way.sso', color: 'purple' },
];

/** DELETE {systemPrefix}online/{sessionIds}: the sessions end; their next call answers 401. */
async function forceOffline(ids: Key[]): Promise<void> {
  const r = await http.del<{ count: number }>(api.system(`online/${ids.map(String).join(',')}`));
  success(t('online:forced', { n: r.count }));
}

export const onlineResource: ResourceDef<OnlineSession, Row, z.input<typeof onlineListQuery>> = {
  key: 'online',
  ns: 'online',
  name: 'name',
  rowKey: 'sessionId',
  nameField: 'userName',
  endpoint: { prefix: 'system', path: 'online' },
  features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false },
  defaultSort: { field: 'lastSeenAt', order: 'descend' },
  api: { list: (body) => http.post<Page<OnlineSession>>(api.system('online/list'), body) },
  search: [
    { name: 'userName', label: 'field.userName' },
    { name: 'ip', label: 'field.ip' },
    { name: 'loginWay', label: 'field.loginWay', type: 'select', options: wayOptions },
  ],
  columns: [
    {
      key: 'userName',
      label: 'field.userName',
      sorter: true,
      render: (v: string, row) => (
        <Space size={4}>
          <span>{v}</span>
          <Typography.Text type="secondary">({row.userCode})</Typography.Text>
          {row.current ? <Tag color="green">{t('online:current')}</Tag> : null}
        </Space>
      ),
    },
    { key: 'orgName', label: 'field.orgName' },
    { key: 'ip', label: 'field.ip', sorter: true },
    { key: 'loginWay', label: 'field.loginWay', options: wayOptions },
    { key: 'loginAt', label: 'field.loginAt', render: (v: string) => formatInstant(v), sorter: true },
    { key: 'lastSeenAt', label: 'field.lastSeenAt', render: (v: string) => formatInstant(v), sorter: true },
    { key: 'expiresAt', label: 'field.expiresAt', render: (v: string) => formatInstant(v), inTable: false },
    { key: 'userAgent', label: 'field.userAgent', ellipsis: true, width: 260, detailSpan: 2 },
  ],
  toolbar: [
    {
      key: 'force',
      label: 'forceLogout',
      icon: <DisconnectOutlined />,
      danger: true,
      need: 'some',
      perm: Perm.online.forceLogout,
      confirm: 'forceConfirm',
      run: async (ctx) => {
        await forceOffline(ctx.selectedKeys);
        ctx.clearSelection();
        ctx.reload();
      },
    },
  ],
  rowActions: [
    {
      key: 'force',
      label: 'forceLogout',
      danger: true,
      perm: Perm.online.forceLogout,
      confirm: 'forceOneConfirm',
      visible: (row) => !row.current,
      run: async (row, ctx) => {
        await forceOffline([row.sessionId]);
        ctx.reload();
      },
    },
  ],
};

/** /monitor/online: live sessions; force one or many offline. */
export default function OnlinePage() {
  return <ListPage def={onlineResource} />;
}
