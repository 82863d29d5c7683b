import { useMemo, useState } from 'react';
import { Card, Tabs, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { MEMBER_LISTS, Perm, type MemberList, type MemberListEntryRow, type memberListEntryQuery } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { formatDate } from '../../../app/format.ts';
import { ListPage, type ResourceDef } from '../../../kit/index.ts';
import { memberApi } from './member.api.ts';
import { ListAddDialog, useRefreshMembers } from './MemberDialogs.tsx';
import { NS, listStateOptions, memberPath, mt, useMemberT } from './shared.tsx';

type EntryDef = ResourceDef<MemberListEntryRow, object, z.input<typeof memberListEntryQuery>>;

function entryDef(list: MemberList, add: () => void, remove: (ids: number[]) => Promise<void>, open: (memberId: number) => void): EntryDef {
  return {
    key: `${list}List`,
    ns: NS,
    name: `list.${list}`,
    endpoint: { prefix: 'sport', path: 'member/lists' },
    features: { add: false, edit: false, remove: false, batchRemove: false, export: false, import: false, detail: false },
    defaultSort: { field: 'createTime', order: 'descend' },
    search: [
      { name: 'keyword', label: 'field.keyword', placeholder: 'field.keywordHint' },
      { name: 'state', label: 'lists.state', type: 'select', options: listStateOptions },
    ],
    columns: [
      { key: 'memberNo', label: 'field.memberNo', content: 'code' },
      {
        key: 'memberName',
        label: 'lists.memberName',
        render: (v: string, row) => (
          <Typography.Link onClick={() => open(row.memberId)} data-testid={`${list}List-member`} data-row-key={row.id}>
            {v}
          </Typography.Link>
        ),
      },
      { key: 'memberPhone', label: 'lists.memberPhone', content: 'code' },
      { key: 'reason', label: 'lists.reason' },
      { key: 'expiresAt', label: 'lists.expiresAt', content: 'time', render: (v: string | null) => (v ? formatDate(v) : mt('lists.forever')) },
      { key: 'state', label: 'lists.state', options: listStateOptions },
      { key: 'createdByName', label: 'lists.createdBy' },
      { key: 'createTime', label: 'lists.createTime', format: 'datetime', sorter: true },
      { key: 'removedAt', label: 'lists.removedAt', format: 'datetime', hiddenByDefault: true },
      { key: 'removedByName', label: 'lists.removedBy', hiddenByDefault: true },
    ],
    toolbar: [
      { key: 'add', label: 'lists.add', icon: <PlusOutlined />, primary: true, perm: Perm.member.blacklist, run: () => add() },
      {
        key: 'remove',
        label: 'lists.remove',
        icon: <DeleteOutlined />,
        danger: true,
        perm: Perm.member.blacklist,
        need: 'some',
        confirm: 'lists.removeConfirm',
        run: async (ctx) => {
          await remove(ctx.selectedRows.filter((r) => r.state === 'live').map((r) => r.id));
          ctx.clearSelection();
        },
      },
    ],
    rowActions: [
      {
        key: 'remove',
        label: 'lists.remove',
        danger: true,
        perm: Perm.member.blacklist,
        confirm: 'lists.removeConfirm',
        visible: (r) => r.state === 'live',
        run: (r) => remove([r.id]),
      },
    ],
    api: { list: (body) => memberApi.lists({ ...body, list }) },
  };
}

/**
 * sport.member.lists (black list and white list): who is on each list, why and until when, who
 * added them; add members (reason, expiry) and remove entries, with the blacklist permission.
 */
export default function ListsPage() {
  const t = useMemberT();
  const navigate = useNavigate();
  const refresh = useRefreshMembers();
  const [tab, setTab] = useState<MemberList>('black');
  const [adding, setAdding] = useState<MemberList | null>(null);
  const defs = useMemo(() => {
    const remove = async (ids: number[]) => {
      if (!ids.length) return;
      const r = await memberApi.removeFromList(ids);
      success(t('lists.removed', { count: r.removed }));
      await refresh();
    };
    return Object.fromEntries(
      MEMBER_LISTS.map((l) => [
        l,
        entryDef(
          l,
          () => setAdding(l),
          remove,
          (id) => navigate(memberPath(id)),
        ),
      ]),
    ) as Record<MemberList, EntryDef>;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- made once: the openers are state setters and remove reads the latest state
  }, [navigate]);
  return (
    <Card variant="borderless" styles={{ body: { paddingTop: 4 } }} data-testid="member-lists">
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as MemberList)}
        items={MEMBER_LISTS.map((l) => ({
          key: l,
          label: <span data-testid={`member-lists-tab-${l}`}>{t(`list.${l}`)}</span>,
          children: <ListPage def={defs[l] as ResourceDef<MemberListEntryRow>} />,
        }))}
      />
      <ListAddDialog open={!!adding} list={adding ?? 'black'} onClose={() => setAdding(null)} />
    </Card>
  );
}
