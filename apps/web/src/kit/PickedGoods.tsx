import { useState, type ReactNode } from 'react';
import { Button, InputNumber, Select, Space, Typography } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { Page } from '@venue/contract';
import { useKitT } from './kitI18n.ts';
import { yuan } from './pay/money.ts';

interface Found {
  id: number;
}

export interface GoodsSearchProps<G extends Found> {
  /** The box's id and test id (`<id>-pick`). */
  id: string;
  /** Looks goods up only while its dialog or page is open. */
  open: boolean;
  /** The query's own key (which list it searches). */
  queryKey: readonly string[];
  search: (keyword: string) => Promise<Page<G>>;
  placeholder: string;
  label: (g: G) => string;
  /** A good that cannot be picked now (no stock). */
  disabled: (g: G) => boolean;
  onPick: (g: G) => void;
}

/** The search box of a goods picker: by name, code or barcode, as the user types; picking adds a line. */
export function GoodsSearch<G extends Found>({ id, open, queryKey, search, placeholder, label, disabled, onPick }: GoodsSearchProps<G>) {
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: [...queryKey, keyword], queryFn: () => search(keyword), enabled: open, staleTime: 10_000 });
  return (
    <Select<number>
      id={`${id}-pick`}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      value={null}
      placeholder={placeholder}
      loading={found.isFetching}
      onChange={(goodsId: number) => {
        const g = found.data?.data.find((x) => x.id === goodsId);
        if (g) onPick(g);
      }}
      style={{ width: '100%' }}
      options={(found.data?.data ?? []).map((g) => ({ value: g.id, disabled: disabled(g), label: label(g) }))}
      data-testid={`${id}-pick`}
    />
  );
}

export interface PickedLineProps {
  /** The picker's id: the line's test id is `<id>-line`. */
  id: string;
  goodsId: number;
  name: string;
  quantity: number;
  onQuantity: (q: number) => void;
  amountFen: number;
  onRemove: () => void;
  /** Controls of the line's own between the quantity and the amount (a rental's term). */
  children?: ReactNode;
}

/** One picked good: its name, units, what it comes to, and a remove button. */
export function PickedLine({ id, goodsId, name, quantity, onQuantity, amountFen, onRemove, children }: PickedLineProps) {
  const t = useKitT();
  return (
    <Space wrap style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }} data-testid={`${id}-line`} data-goods={goodsId}>
      <Typography.Text>{name}</Typography.Text>
      <Space wrap>
        <InputNumber
          size="small"
          min={1}
          max={999}
          precision={0}
          value={quantity}
          prefix="×"
          aria-label={t('goodsQuantity', { name })}
          onChange={(q) => onQuantity(q ?? 1)}
          style={{ width: 72 }}
        />
        {children}
        <Typography.Text style={{ minWidth: 72, display: 'inline-block', textAlign: 'right' }} data-testid={`${id}-amount`}>
          {yuan(amountFen)}
        </Typography.Text>
        <Button size="small" type="text" icon={<DeleteOutlined />} aria-label={t('goodsRemove', { name })} onClick={onRemove} />
      </Space>
    </Space>
  );
}
