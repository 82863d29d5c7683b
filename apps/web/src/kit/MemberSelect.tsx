import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { MemberBrief } from '@venue/contract';
import { api, http } from '../app/request.ts';
import { useKitT } from './kitI18n.ts';

/** Members by phone, member number or name (`POST {sport}member/search`). */
export const searchMembers = (keyword: string, limit = 10) => http.post<MemberBrief[]>(api.sport('member/search'), { keyword, limit });

export interface MemberSelectProps {
  id?: string;
  value?: number | string | null;
  onChange?: (v: number | null) => void;
  /** The chosen member (or null when cleared), for screens that show more of them. */
  onMember?: (m: MemberBrief | null) => void;
  /** Default 'member-select'. */
  testId?: string;
  disabled?: boolean;
  placeholder?: string;
  style?: React.CSSProperties;
}

/** Finds a member by phone, member number or name as the operator types (the server searches). */
export function MemberSelect({ value, onChange, onMember, id, testId = 'member-select', disabled, placeholder, style }: MemberSelectProps) {
  const t = useKitT();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({
    queryKey: ['members', 'search', keyword],
    queryFn: () => searchMembers(keyword),
    enabled: keyword.trim().length > 0,
    staleTime: 10_000,
  });
  const rows = found.data ?? [];
  return (
    <Select
      id={id}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      allowClear
      disabled={disabled}
      style={style}
      value={value === undefined || value === null || value === '' ? undefined : Number(value)}
      onChange={(v) => {
        onChange?.(v ?? null);
        onMember?.(rows.find((m) => m.id === v) ?? null);
      }}
      placeholder={placeholder ?? t('memberSearch')}
      loading={found.isFetching}
      notFoundContent={keyword ? t('memberNone') : null}
      options={rows.map((m) => ({ value: m.id, label: `${m.name} ${m.phone} · ${m.memberNo}${m.level ? ` · ${m.level}` : ''}` }))}
      data-testid={testId}
    />
  );
}
