import { Card, Typography } from 'antd';
import { registerMessages, useFeatureT } from '../../../app/i18n.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('goods', zh, en);

/**
 * Stands in for the goods screens (goods list, categories, stock flow) until they are built: their
 * menus and permissions exist (issue 27, steps 1 and 2: the server side), their pages come later.
 * Replace it in app/screens/goods.tsx, one screen at a time.
 */
export default function GoodsPendingPage() {
  const t = useFeatureT<typeof zh>('goods');
  return (
    <Card variant="borderless" data-testid="goods-pending">
      <Typography.Title level={4}>{t('pendingTitle')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('pendingText')}</Typography.Paragraph>
    </Card>
  );
}
