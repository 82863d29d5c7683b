import type { ReactNode } from 'react';
import { Button, Card, Col, Flex, Row, Statistic, Typography, theme } from 'antd';
import { ApartmentOutlined, ReloadOutlined, TeamOutlined, WifiOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { formatDate } from '../../app/format.ts';
import { registerMessages } from '../../app/i18n.ts';
import { useLang } from '../../app/prefs.ts';
import { useSession } from '../../app/session.ts';
import { useHomeSummary } from './home.api.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('home', zh, en);

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

function StatCard({
  testId,
  title,
  hint,
  value,
  icon,
  color,
  loading,
}: {
  testId: string;
  title: string;
  hint: string;
  value: number | undefined;
  icon: ReactNode;
  color: string;
  loading: boolean;
}) {
  const { token } = theme.useToken();
  return (
    <Card variant="borderless" style={{ height: '100%' }}>
      <Flex align="center" gap={16}>
        <div
          style={{
            width: 52,
            height: 52,
            borderRadius: 12,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            fontSize: 24,
            color,
            background: `${color}1a`,
            flex: 'none',
          }}
        >
          {icon}
        </div>
        <div style={{ minWidth: 0 }}>
          <Statistic
            title={title}
            loading={loading}
            value={value ?? 0}
            valueRender={(node) => (
              <span data-testid={testId} data-value={value ?? ''}>
                {node}
              </span>
            )}
          />
          <Typography.Text style={{ fontSize: 12, color: token.colorTextTertiary }}>{hint}</Typography.Text>
        </div>
      </Flex>
    </Card>
  );
}

/** /home: greeting and what the platform knows so far (users, organisations, live sessions). */
export default function HomePage() {
  const { t } = useTranslation('home');
  const lang = useLang();
  const userName = useSession((s) => s.userInfo?.userName || s.userName);
  const orgName = useSession((s) => s.userInfo?.currentOrg?.orgName ?? '');
  const { data, isLoading, isFetching, refetch } = useHomeSummary();
  const now = dayjs();

  return (
    <Flex vertical gap={16} data-testid="home-page">
      <Card variant="borderless">
        <Flex justify="space-between" align="center" wrap gap={16}>
          <div>
            <Typography.Title level={4} style={{ margin: 0 }}>
              {t(`greeting.${greetingKey(now.hour())}`, { name: userName })}
            </Typography.Title>
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              {t('intro')}
            </Typography.Paragraph>
          </div>
          <Flex gap={32} wrap>
            <Statistic title={t('currentOrg')} value={orgName || '-'} styles={{ content: { fontSize: 18 } }} />
            <Statistic title={t('today')} value={formatDate(now, lang).split(' ')[0]} styles={{ content: { fontSize: 18 } }} />
          </Flex>
        </Flex>
      </Card>
      <Flex justify="space-between" align="center">
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('summaryTitle')}
        </Typography.Title>
        <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refetch()} data-testid="home-refresh">
          {t('refresh')}
        </Button>
      </Flex>
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <StatCard
            testId="home-users"
            title={t('users')}
            hint={t('usersHint')}
            value={data?.users}
            icon={<TeamOutlined />}
            color="#1677ff"
            loading={isLoading}
          />
        </Col>
        <Col xs={24} md={8}>
          <StatCard
            testId="home-orgs"
            title={t('orgs')}
            hint={t('orgsHint')}
            value={data?.orgs}
            icon={<ApartmentOutlined />}
            color="#13a8a8"
            loading={isLoading}
          />
        </Col>
        <Col xs={24} md={8}>
          <StatCard
            testId="home-sessions"
            title={t('sessions')}
            hint={t('sessionsHint')}
            value={data?.sessions}
            icon={<WifiOutlined />}
            color="#fa8c16"
            loading={isLoading}
          />
        </Col>
      </Row>
    </Flex>
  );
}
