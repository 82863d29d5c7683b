import { useEffect, useRef, useState } from 'react';
import { Select, Spin } from 'antd';
import type { BalanceAccountRow } from '@venue/contract';
import { yuan } from './money.ts';
import { payApi } from './pay.api.ts';
import { usePayT } from './payI18n.tsx';

export interface AccountSelectProps {
  id?: string;
  value?: number | null;
  onChange?: (id: number | null) => void;
  /** The chosen account (its balance), or null when cleared. */
  onAccount?: (account: BalanceAccountRow | null) => void;
  memberId?: number | null;
  disabled?: boolean;
}

/**
 * A stored-value account picked by keyword (holder name, phone or account number), with its balance:
 * the order member's own accounts first, any account once a keyword is typed (a shared card).
 */
export function AccountSelect({ id, value, onChange, onAccount, memberId, disabled }: AccountSelectProps) {
  const t = usePayT();
  const [rows, setRows] = useState<BalanceAccountRow[]>([]);
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const search = (keyword: string) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const n = ++seq.current;
      setLoading(true);
      payApi
        // The member's own accounts until something is typed; then any account of the organisation
        // (a card another member shares with them: the server checks the share and its limit).
        .accounts({ keyword: keyword.trim() || undefined, memberId: keyword.trim() ? undefined : (memberId ?? undefined), pageNum: 1, pageSize: 20 })
        .then((p) => {
          if (n === seq.current) setRows(p.data);
        })
        .catch(() => undefined)
        .finally(() => {
          if (n === seq.current) setLoading(false);
        });
    }, 250);
  };

  // The first page (the member's accounts, when one is known) before anything is typed.
  useEffect(() => {
    search('');
    return () => {
      if (timer.current) clearTimeout(timer.current);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the first page is read again only for another member; search is made anew each render
  }, [memberId]);

  return (
    <Select<number>
      id={id}
      value={value ?? undefined}
      disabled={disabled}
      allowClear
      showSearch={{ filterOption: false, onSearch: search }}
      placeholder={t('pay.accountSearch')}
      notFoundContent={loading ? <Spin size="small" /> : undefined}
      options={rows.map((r) => ({
        value: r.id,
        label: `${r.holderName}${r.holderPhone ? ` ${r.holderPhone}` : ''} · ${r.accountNo} · ${t('pay.balance')} ${yuan(r.balanceFen)}`,
        disabled: r.status !== 'active',
      }))}
      onChange={(v) => {
        onChange?.(v ?? null);
        onAccount?.(rows.find((r) => r.id === v) ?? null);
      }}
      data-testid="account-select"
    />
  );
}
