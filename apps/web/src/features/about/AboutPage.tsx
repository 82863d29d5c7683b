import { Card, Descriptions, Flex, Typography } from 'antd';
import { registerMessages, useFeatureT } from '../../app/i18n.ts';
import { LogoMark } from '../../app/Logo.tsx';
import { COPYRIGHT_YEAR, PRODUCT_VERSION } from './about.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('about', zh, en);

/** /about: product name, version 2.0.0, copyright 2020. */
export default function AboutPage() {
  const t = useFeatureT<typeof zh>('about');
  return (
    <Card variant="borderless" data-testid="about-page">
      <Flex align="center" gap={16} style={{ marginBottom: 24 }}>
        <LogoMark size={56} />
        <div>
          <Typography.Title level={3} style={{ margin: 0 }} data-testid="about-product">
            {t('productName')}
          </Typography.Title>
          <Typography.Text type="secondary">
            {t('version')} {PRODUCT_VERSION}
          </Typography.Text>
        </div>
      </Flex>
      <Typography.Paragraph style={{ maxWidth: 760 }}>{t('description')}</Typography.Paragraph>
      <Descriptions
        bordered
        column={1}
        size="middle"
        style={{ maxWidth: 760 }}
        items={[
          { key: 'version', label: t('version'), children: <span data-testid="about-version">{PRODUCT_VERSION}</span> },
          {
            key: 'copyright',
            label: t('copyright'),
            children: <span data-testid="about-copyright">{t('copyrightText').replace('2020', String(COPYRIGHT_YEAR))}</span>,
          },
          { key: 'languages', label: t('languages'), children: t('languagesValue') },
          { key: 'themes', label: t('themes'), children: t('themesValue') },
        ]}
      />
    </Card>
  );
}
