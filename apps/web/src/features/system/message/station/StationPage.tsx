import { useEffect, useRef } from 'react';
import type { z } from 'zod';
import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { StationRow, stationListQuery } from '@venue/contract';
import { useNavigate } from 'react-router';
import { success } from '../../../../app/feedback.tsx';
import { registerMessages, t } from '../../../../app/i18n.ts';
import { api, http } from '../../../../app/request.ts';
import { setUnread, useStationStamp } from '../../../../app/station.ts';
import { ListPage, type ListHandle, type Option, type ResourceDef } from '../../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('station', zh, en);

const readOptions: Option[] = [
  { value: 'unread', label: 'read.unread' },
  { value: 'read', label: 'read.read' },
];

/** A message type's name: the known business types are translated, any other shows as it is. */
export function typeLabel(type: string): string {
  return t(`station:type.${type}`, { defaultValue: type });
}

function useTypeOptions(): Option[] {
  const types = useQuery({ queryKey: ['station', 'types'], queryFn: () => http.get<string[]>(api.system('station/types')) });
  return (types.data ?? []).map((v) => ({ value: v, label: typeLabel(v) }));
}

async function markRead(ids?: number[]): Promise<number> {
  const r = ids
    ? await http.put<{ updated: number; unread: number }>(api.system('station/read'), { ids })
    : await http.put<{ updated: number; unread: number }>(api.system('station/read-all'));
  setUnread(r.unread);
  return r.updated;
}

function stationResource(open: (row: StationRow) => void): ResourceDef<StationRow, object, z.input<typeof stationListQuery>> {
  return {
    key: 'station',
    ns: 'station',
    name: 'name',
    nameField: 'title',
    endpoint: { prefix: 'system', path: 'station' },
    features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false },
    search: [
      { name: 'read', label: 'field.read', type: 'select', options: readOptions },
      { name: 'type', label: 'field.type', type: 'select', useOptions: useTypeOptions },
    ],
    columns: [
      { key: 'title', label: 'field.title', width: 260, render: (v: string, row) => (row.read ? v : <strong>{v}</strong>) },
      { key: 'type', label: 'field.type', render: (v: string) => typeLabel(v) },
      { key: 'content', label: 'field.content', width: 320, ellipsis: true },
      {
        key: 'read',
        label: 'field.read',
        render: (v: boolean) => <Tag color={v ? 'default' : 'blue'}>{t(v ? 'station:read.read' : 'station:read.unread')}</Tag>,
      },
      { key: 'createTime', label: 'field.createTime', format: 'datetime' },
      { key: 'readTime', label: 'field.readTime', format: 'datetime', hiddenByDefault: true },
    ],
    toolbar: [
      {
        key: 'read',
        label: 'markRead',
        need: 'some',
        run: async (ctx) => {
          success(t('station:markedRead', { count: await markRead(ctx.selectedKeys.map(Number)) }));
          ctx.clearSelection();
          ctx.reload();
        },
      },
      {
        key: 'readAll',
        label: 'markAllRead',
        need: 'none',
        confirm: true,
        run: async (ctx) => {
          success(t('station:markedRead', { count: await markRead() }));
          ctx.reload();
        },
      },
    ],
    rowActions: [
      { key: 'open', label: 'open', visible: (row) => !!row.link, run: (row) => open(row) },
      {
        key: 'read',
        label: 'markRead',
        visible: (row) => !row.read,
        run: async (row, ctx) => {
          await markRead([row.id]);
          ctx.reload();
        },
      },
    ],
  };
}

/** /message/station: the signed-in user's own station messages. */
export default function StationPage() {
  const navigate = useNavigate();
  const list = useRef<ListHandle<StationRow>>(null);
  const def = useRef(
    stationResource(async (row) => {
      if (!row.read) await markRead([row.id]);
      if (row.link) navigate(row.link);
    }),
  ).current;
  // A message pushed or read elsewhere (the bell, another tab): the list follows.
  const stamp = useStationStamp();
  useEffect(() => {
    if (stamp) list.current?.reload();
  }, [stamp]);
  return <ListPage def={def} ref={list} />;
}
