import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Perm, type Page } from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { useSession } from '../../../app/session.ts';
import { useCan, type Option } from '../../../kit/index.ts';
import { useDeskT } from './shared.ts';

type Found = { id: number; name: string; code: string };

/** Assign to a user, or to a role when the caller may list the roles (else there is none to pick). */
export function useAssigneeKindOptions(): Option[] {
  const t = useDeskT();
  const can = useCan();
  return [{ value: 'user', label: t('assigneeKind.user') }, ...(can(Perm.role.list) ? [{ value: 'role', label: t('assigneeKind.role') }] : [])];
}

/**
 * A work order's assignee, found by name: a user the caller sees (`POST {system}user/list`, with the
 * user list's permission; the signed-in user is always offered), or a role of the current
 * organisation (`POST {system}role/list` with its `orgId`, with the role list's permission). The
 * server checks the same again (another organisation's user or role is 100404).
 */
export function AssigneeSelect({
  kind,
  id,
  value,
  onChange,
}: {
  kind: 'user' | 'role';
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
}) {
  const t = useDeskT();
  const can = useCan();
  const me = useSession((s) => s.userInfo);
  const orgId = me?.currentOrg?.orgId;
  const [keyword, setKeyword] = useState('');
  const canList = kind === 'user' ? can(Perm.user.list) : can(Perm.role.list) && !!orgId;
  const found = useQuery({
    queryKey: ['deskops', 'assignee', kind, orgId ?? 0, keyword],
    queryFn: () =>
      kind === 'user'
        ? http.post<Page<Found>>(api.system('user/list'), { pageNum: 1, pageSize: 20, name: keyword.trim() || undefined })
        : http.post<Page<Found>>(api.system('role/list'), { pageNum: 1, pageSize: 50, orgId, name: keyword.trim() || undefined }),
    enabled: canList,
    staleTime: 30_000,
  });
  const options = new Map<number, string>();
  if (kind === 'user' && me) options.set(me.userId, `${me.userName} (${t('assigneeMe')})`);
  for (const r of found.data?.data ?? []) if (!options.has(r.id)) options.set(r.id, kind === 'user' ? `${r.name} · ${r.code}` : r.name);
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={canList ? { filterOption: false, onSearch: setKeyword } : undefined}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t(kind === 'user' ? 'assigneePickUser' : 'assigneePickRole')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? null : undefined}
      options={[...options].map(([v, label]) => ({ value: v, label }))}
      data-testid={`work-order-assignee-${kind}`}
    />
  );
}
