import type { z } from 'zod';
import { Tag } from 'antd';
import type { OpenCallLogRow, openCallLogQuery } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import './shared.tsx';

const resultOptions = [
  { value: 'ok', label: 'result.ok' },
  { value: 'refused', label: 'result.refused' },
];

/** Every signed call of a third-party application, admitted or refused. */
export const openCallLogResource: ResourceDef<OpenCallLogRow, object, z.input<typeof openCallLogQuery>> = {
  key: 'openCallLog',
  ns: 'openApp',
  name: 'logName',
  endpoint: { prefix: 'system', path: 'openCallLog' },
  features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, selection: false },
  search: [
    { name: 'appKey', label: 'field.appKey' },
    { name: 'apiCode', label: 'field.apiCode' },
    { name: 'result', label: 'field.result', type: 'select', options: resultOptions },
  ],
  columns: [
    { key: 'createdAt', label: 'field.createdAt', format: 'datetime' },
    { key: 'appName', label: 'field.appName' },
    { key: 'appKey', label: 'field.appKey', content: 'code' },
    { key: 'apiCode', label: 'field.apiCode', content: 'code' },
    { key: 'path', label: 'field.path', content: 'code', width: 300, hiddenByDefault: true },
    { key: 'ip', label: 'field.ip', content: 'code' },
    { key: 'code', label: 'field.resultCode', content: 'tag', render: (v: number) => <Tag color={v === 0 ? 'green' : 'red'}>{v}</Tag> },
    { key: 'durationMs', label: 'field.durationMs', content: 'number' },
  ],
};

/** /appAccess/callLog. */
export default function CallLogPage() {
  return <ListPage def={openCallLogResource} />;
}
