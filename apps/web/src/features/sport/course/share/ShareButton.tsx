import { useState } from 'react';
import { Alert, Button, Input, InputNumber, Modal, Space, Typography } from 'antd';
import { LinkOutlined, ShareAltOutlined } from '@ant-design/icons';
import { SHARE_DAYS_DEFAULT, SHARE_DAYS_MAX, type ShareKind, type ShareLinkAnswer } from '@venue/contract';
import { success } from '../../../../app/feedback.tsx';
import { formatTime, shareApi, useShareT } from './shared.tsx';

/**
 * A button that makes a signed, expiring link to one record (`course/share/link`) and shows it with a
 * copy button and its expiry. `memberId` with kind `rating`: the member's link to rate the lesson.
 */
export function ShareButton({
  kind,
  id,
  memberId,
  label,
  size,
  type,
}: {
  kind: ShareKind;
  id: number;
  memberId?: number;
  label?: string;
  size?: 'small' | 'middle';
  type?: 'default' | 'link';
}) {
  const t = useShareT();
  const [open, setOpen] = useState(false);
  const [days, setDays] = useState<number>(SHARE_DAYS_DEFAULT);
  const [busy, setBusy] = useState(false);
  const [link, setLink] = useState<ShareLinkAnswer>();
  const full = link ? `${window.location.origin}${link.url}` : '';
  const make = async () => {
    setBusy(true);
    try {
      setLink(await shareApi.link({ kind, id, memberId, days }));
    } finally {
      setBusy(false);
    }
  };
  const copy = async () => {
    await navigator.clipboard?.writeText(full).catch(() => undefined);
    success(t('copied'));
  };
  const testId = `share-${kind}`;
  return (
    <>
      <Button
        size={size}
        type={type}
        icon={kind === 'rating' ? <LinkOutlined /> : <ShareAltOutlined />}
        data-testid={memberId ? `${testId}-${memberId}` : testId}
        onClick={() => {
          setLink(undefined);
          setOpen(true);
        }}
      >
        {label ?? t('share')}
      </Button>
      <Modal open={open} title={`${t('dialogTitle')} · ${t.dynamic('kind', kind)}`} onCancel={() => setOpen(false)} footer={null} destroyOnHidden>
        <Space direction="vertical" style={{ width: '100%' }} size="middle">
          <Alert type="info" showIcon message={kind === 'rating' ? t('rateHint') : t('dialogHint')} />
          <Space wrap>
            <span>{t('days')}</span>
            <InputNumber min={1} max={SHARE_DAYS_MAX} precision={0} value={days} onChange={(v) => setDays(v ?? SHARE_DAYS_DEFAULT)} data-testid="share-days" />
            <Button type="primary" loading={busy} onClick={() => void make()} data-testid="share-make">
              {t('make')}
            </Button>
          </Space>
          {link ? (
            <>
              <Space.Compact style={{ width: '100%' }}>
                <Input readOnly value={full} data-testid="share-url" onFocus={(e) => e.target.select()} />
                <Button onClick={() => void copy()} data-testid="share-copy">
                  {t('copy')}
                </Button>
              </Space.Compact>
              <Typography.Text type="secondary" data-testid="share-expires">
                {t('expiresAt', { time: formatTime(link.expiresAt) })}
              </Typography.Text>
            </>
          ) : null}
        </Space>
      </Modal>
    </>
  );
}

/** The heading of a list of rating links (one per member). */
export function ShareLabel() {
  const t = useShareT();
  return <Typography.Title level={5}>{t('rateLink')}</Typography.Title>;
}
