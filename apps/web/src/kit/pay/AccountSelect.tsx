import { useEffect, useRef, useState } from 'react';
import { Select, Space, Spin, Tag, Typography } from 'antd';
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
  /** What is still due (fen): an empty account cannot pay; one holding less pays only part. */
  dueFen?: number;
  /** Picks the member's first account that can pay, once their accounts are read (the pay dialog). */
  preselect?: boolean;
  disabled?: boolean;
}

/**
 * Why this account cannot pay now, as a key of the pay namespace, or null: its card is frozen,
 * expired, refunded or not active (the server refuses the same), the account itself is frozen or
 * closed, or it holds nothing.
 */
export function accountRefusal(a: BalanceAccountRow): string | null {
  if (a.card?.refusal) return `refusal.${a.card.refusal}`;
  if (a.status !== 'active') return `refusal.account_${a.status}`;
  if (a.balanceFen <= 0) return 'refusal.empty';
  return null;
}

/** An account as the operator tells it apart: card type and kind, card number, holder, balance, and why it cannot pay. */
function AccountLabel({ a, dueFen, paying }: { a: BalanceAccountRow; dueFen?: number; paying: boolean }) {
  const t = usePayT();
  const why = paying ? accountRefusal(a) : a.status !== 'active' ? `refusal.account_${a.status}` : null;
  return (
    <span data-testid={`account-option-${a.id}`} data-refusal={why ?? ''}>
      <Space size={6} wrap={false}>
        <Typography.Text strong>{a.card ? a.card.typeName : t('pay.plainAccount')}</Typography.Text>
        {a.card ? <Tag style={{ marginInlineEnd: 0 }}>{t(`cardKind.${a.card.kind}`)}</Tag> : null}
        <Typography.Text type="secondary">{a.card ? a.card.cardNo : a.accountNo}</Typography.Text>
        <span>{a.holderName}</span>
        <span>
          {t('pay.balance')} <Typography.Text strong>{yuan(a.balanceFen)}</Typography.Text>
        </span>
        {why ? (
          <Tag color="red" style={{ marginInlineEnd: 0 }}>
            {t(why)}
          </Tag>
        ) : dueFen !== undefined && a.balanceFen < dueFen ? (
          <Tag color="gold" style={{ marginInlineEnd: 0 }}>
            {t('pay.partOnly')}
          </Tag>
        ) : null}
      </Space>
    </span>
  );
}

/**
 * A stored-value account picked by keyword (holder name, phone or account number), with its balance:
 * the order member's own accounts first, any account once a keyword is typed (a shared card).
 */
export function AccountSelect({ id, value, onChange, onAccount, memberId, dueFen, preselect, disabled }: AccountSelectProps) {
  const t = usePayT();
  const paying = dueFen !== undefined;
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
          if (n !== seq.current) return;
          setRows(p.data);
          // The member's own accounts, nothing chosen yet: the first that can pay (one covering what is due first).
          if (preselect && !keyword.trim() && memberId && (value === undefined || value === null)) {
            const usable = p.data.filter((a) => a.memberId === memberId && !accountRefusal(a));
            const pick = usable.find((a) => dueFen === undefined || a.balanceFen >= dueFen) ?? usable[0];
            if (pick) {
              onChange?.(pick.id);
              onAccount?.(pick);
            }
          }
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
      popupMatchSelectWidth={false}
      options={rows.map((r) => ({
        value: r.id,
        label: <AccountLabel a={r} dueFen={dueFen} paying={paying} />,
        // Paying: a frozen, expired or empty account is shown with its reason and cannot be chosen.
        // Elsewhere (money paid back onto an account) only a frozen or closed account is refused.
        disabled: paying ? accountRefusal(r) !== null : r.status !== 'active',
      }))}
      onChange={(v) => {
        onChange?.(v ?? null);
        onAccount?.(rows.find((r) => r.id === v) ?? null);
      }}
      data-testid="account-select"
    />
  );
}
