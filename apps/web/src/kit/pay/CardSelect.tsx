import { useState } from 'react';
import { Select } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { CardRow, Page } from '@venue/contract';
import { api, http } from '../../app/request.ts';
import { usePayT } from './payI18n.tsx';

export interface CardSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** The order's member: their active times cards are offered. */
  memberId?: number | null;
  disabled?: boolean;
}

/**
 * A times card (pay method `card`: the order is paid by using times): the order member's own
 * active times cards, or any found by holder or card number once something is typed (a card
 * shared with the member: the server checks the share).
 */
export function CardSelect({ id, value, onChange, memberId, disabled }: CardSelectProps) {
  const t = usePayT();
  const [keyword, setKeyword] = useState('');
  const typed = keyword.trim();
  const cards = useQuery({
    queryKey: ['card', 'payable', memberId ?? 0, typed],
    queryFn: () =>
      http.post<Page<CardRow>>(
        api.sport('card/list'),
        typed
          ? { keyword: typed.length <= 64 ? typed : typed.slice(0, 64), kind: 'times', status: 'active', pageNum: 1, pageSize: 20 }
          : { memberId: memberId ?? undefined, kind: 'times', status: 'active', pageNum: 1, pageSize: 50 },
        { silent: true },
      ),
    enabled: !!memberId || !!typed,
    retry: false,
  });
  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      disabled={disabled}
      allowClear
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      placeholder={t('pay.cardSearch')}
      loading={cards.isFetching}
      notFoundContent={t('pay.noCards')}
      options={(cards.data?.data ?? []).map((c) => ({
        value: c.id,
        label: `${c.memberName} · ${c.typeName} · ${c.cardNo} · ${t('pay.timesLeft', { n: c.timesLeft ?? 0 })}`,
        disabled: !c.timesLeft,
      }))}
      onChange={(v) => onChange?.(v ?? null)}
      data-testid="card-select"
    />
  );
}
