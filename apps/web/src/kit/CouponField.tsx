import { useEffect, useState } from 'react';
import { Button, Checkbox, Empty, Input, Modal, Space, Tag, Typography } from 'antd';
import { GiftOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { CouponRow, Page } from '@venue/contract';
import { api, http } from '../app/request.ts';
import { useKitT } from './kitI18n.ts';

/** The coupons an order offers: a shared code, coupons the member holds (each with its name to show). */
export interface CouponPick {
  code?: string;
  coupons?: { id: number; name: string }[];
}

/** The pick as an order-making call takes it (`couponCode`, `couponIds`). */
export const couponOfPick = (pick: CouponPick | undefined): { couponCode?: string; couponIds?: number[] } => ({
  ...(pick?.code ? { couponCode: pick.code } : {}),
  ...(pick?.coupons?.length ? { couponIds: pick.coupons.map((c) => c.id) } : {}),
});

/** The member's coupons usable now (`POST {sport}coupon/list` with `usable`). */
const usableOf = (memberId: number) => http.post<Page<CouponRow>>(api.sport('coupon/list'), { pageNum: 1, pageSize: 50, memberId, usable: true });

export interface CouponFieldProps {
  value?: CouponPick;
  onChange?: (v: CouponPick | undefined) => void;
  /** The order's member (their coupons are offered); none: only a shared code. */
  memberId?: number;
  /** The test id prefix (`${id}-open`, `${id}-code`, `${id}-ok`, `${id}-coupon-<id>`). */
  id: string;
}

/**
 * The coupon of a sale (the booking screen's coupon dialog, the ticket sale's and the goods sale's
 * coupon field): a button that opens a dialog with a shared code and the member's usable coupons;
 * the server decides what they take off (its refusal shows on the order). A form item's control.
 */
export function CouponField({ value, onChange, memberId, id }: CouponFieldProps) {
  const t = useKitT();
  const [open, setOpen] = useState(false);
  const [code, setCode] = useState('');
  const [chosen, setChosen] = useState<number[]>([]);
  const mine = useQuery({ queryKey: ['kit', 'coupons', memberId ?? 0], queryFn: () => usableOf(memberId!), enabled: open && !!memberId, staleTime: 5_000 });
  // Another member: their coupons, not the last one's.
  useEffect(() => {
    if (value?.coupons?.length) onChange?.(value.code ? { code: value.code } : undefined);
    // Only when the member changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the pick follows the member only
  }, [memberId]);
  const start = () => {
    setCode(value?.code ?? '');
    setChosen(value?.coupons?.map((c) => c.id) ?? []);
    setOpen(true);
  };
  const ok = () => {
    const rows = mine.data?.data ?? [];
    const coupons = chosen.map((cid) => ({ id: cid, name: rows.find((r) => r.id === cid)?.templateName ?? String(cid) }));
    const next: CouponPick = { ...(code.trim() ? { code: code.trim().toUpperCase() } : {}), ...(coupons.length ? { coupons } : {}) };
    onChange?.(next.code || next.coupons ? next : undefined);
    setOpen(false);
  };
  const picked = [value?.code, ...(value?.coupons ?? []).map((c) => c.name)].filter(Boolean).join('、');
  return (
    <>
      <Space wrap>
        <Button icon={<GiftOutlined />} onClick={start} data-testid={`${id}-open`}>
          {picked ? t('couponChange') : t('couponUse')}
        </Button>
        {picked ? (
          <Tag color="magenta" closable onClose={() => onChange?.(undefined)} data-testid={`${id}-picked`}>
            {t('couponPicked', { what: picked })}
          </Tag>
        ) : null}
      </Space>
      <Modal
        open={open}
        title={t('couponTitle')}
        onCancel={() => setOpen(false)}
        onOk={ok}
        okButtonProps={{ 'data-testid': `${id}-ok` } as never}
        destroyOnHidden
        width={520}
      >
        <div data-testid={`${id}-dialog`}>
          <Typography.Paragraph type="secondary">{t('couponHint')}</Typography.Paragraph>
          <Typography.Text strong>{t('couponCode')}</Typography.Text>
          <Input
            value={code}
            onChange={(e) => setCode(e.target.value)}
            placeholder={t('couponCodeHint')}
            maxLength={32}
            autoComplete="off"
            style={{ margin: '6px 0 16px' }}
            data-testid={`${id}-code`}
            aria-label={t('couponCode')}
          />
          <Typography.Text strong>{t('couponMine')}</Typography.Text>
          <div style={{ marginTop: 6 }}>
            {!memberId ? (
              <Typography.Paragraph type="secondary">{t('couponNoMember')}</Typography.Paragraph>
            ) : mine.data && !mine.data.data.length ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('couponNone')} />
            ) : (
              <Checkbox.Group value={chosen} onChange={(v) => setChosen(v as number[])} style={{ display: 'grid', gap: 6 }}>
                {(mine.data?.data ?? []).map((c) => (
                  <Checkbox key={c.id} value={c.id} data-testid={`${id}-coupon-${c.id}`}>
                    {c.templateName}{' '}
                    <Typography.Text type="secondary">
                      {c.couponNo} · {t('couponValid', { day: c.validTo.slice(0, 10) })}
                    </Typography.Text>
                  </Checkbox>
                ))}
              </Checkbox.Group>
            )}
            <Typography.Paragraph type="secondary" style={{ marginTop: 8, fontSize: 12 }}>
              {t('couponStackHint')}
            </Typography.Paragraph>
          </div>
        </div>
      </Modal>
    </>
  );
}
