import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Perm, type Page, type UserRow } from '@venue/contract';
import { api, http } from '../app/request.ts';
import { useSession } from '../app/session.ts';
import { useKitT } from './kitI18n.ts';
import { useCan } from './useCan.ts';

export interface UserSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
  /** The name of the saved value, shown while no search has found that user. */
  initialName?: string | null;
  testId: string;
  placeholder?: string;
}

/**
 * A staff member found by name (`POST {system}user/list`, with the user list's permission; the
 * server answers only the users the caller sees). The signed-in user is always offered first, so a
 * caller without that permission can still pick themselves; users show as name · login name.
 */
export function UserSelect({ id, value, onChange, initialName, testId, placeholder }: UserSelectProps) {
  const t = useKitT();
  const can = useCan();
  const me = useSession((s) => s.userInfo);
  const [keyword, setKeyword] = useState('');
  const canList = can(Perm.user.list);
  const found = useQuery({
    queryKey: ['users', 'search', keyword.trim()],
    queryFn: () => http.post<Page<UserRow>>(api.system('user/list'), { pageNum: 1, pageSize: 20, name: keyword.trim() || undefined }),
    enabled: canList,
    staleTime: 30_000,
  });
  const options = new Map<number, string>();
  if (me) options.set(me.userId, `${me.userName} (${t('userMe')})`);
  if (value && initialName && !options.has(value)) options.set(value, initialName);
  for (const u of found.data?.data ?? []) if (!options.has(u.id)) options.set(u.id, `${u.name} · ${u.code}`);
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={canList ? { filterOption: false, onSearch: setKeyword } : undefined}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={placeholder ?? t('userSearch')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? null : undefined}
      options={[...options].map(([v, label]) => ({ value: v, label }))}
      data-testid={testId}
    />
  );
}
