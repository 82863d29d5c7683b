import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Perm, type Page } from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { useSession } from '../../../app/session.ts';
import { UserSelect, useCan, type Option } from '../../../kit/index.ts';
import { useDeskT } from './shared.ts';

/** Assign to a user, or to a role when the caller may list the roles (else there is none to pick). */
export function useAssigneeKindOptions(): Option[] {
  const t = useDeskT();
  const can = useCan();
  return [{ value: 'user', label: t('assigneeKind.user') }, ...(can(Perm.role.list) ? [{ value: 'role', label: t('assigneeKind.role') }] : [])];
}

interface PickerProps {
  id?: string;
  value?: number | null;
  onChange?: (v: number | null) => void;
}

/** A role of the current organisation found by name (`POST {system}role/list` with its `orgId`, with the role list's permission). */
function RoleSelect({ id, value, onChange }: PickerProps) {
  const t = useDeskT();
  const can = useCan();
  const orgId = useSession((s) => s.userInfo?.currentOrg?.orgId);
  const [keyword, setKeyword] = useState('');
  const canList = can(Perm.role.list) && !!orgId;
  const found = useQuery({
    queryKey: ['deskops', 'assigneeRole', orgId ?? 0, keyword],
    queryFn: () =>
      http.post<Page<{ id: number; name: string }>>(api.system('role/list'), { pageNum: 1, pageSize: 50, orgId, name: keyword.trim() || undefined }),
    enabled: canList,
    staleTime: 30_000,
  });
  return (
    <Select<number>
      id={id}
      allowClear
      showSearch={canList ? { filterOption: false, onSearch: setKeyword } : undefined}
      value={value ?? undefined}
      onChange={(v) => onChange?.(v ?? null)}
      placeholder={t('assigneePickRole')}
      loading={found.isFetching}
      notFoundContent={found.isFetching ? null : undefined}
      options={(found.data?.data ?? []).map((r) => ({ value: r.id, label: r.name }))}
      data-testid="work-order-assignee-role"
    />
  );
}

/**
 * A work order's assignee: a user (the kit's user picker) or a role of the current organisation,
 * as the form's kind says. The server checks the same again (another organisation's user or role is 100404).
 */
export function AssigneeSelect({ kind, ...props }: PickerProps & { kind: 'user' | 'role' }) {
  return kind === 'user' ? <UserSelect {...props} testId="work-order-assignee-user" /> : <RoleSelect {...props} />;
}
