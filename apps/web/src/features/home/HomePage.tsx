import { useState, type ReactNode } from 'react';
import { Button, Card, Col, Empty, Flex, List, Row, Space, Statistic, Tag, Tooltip, Typography, theme } from 'antd';
import {
  ApartmentOutlined,
  ArrowDownOutlined,
  ArrowUpOutlined,
  AppstoreOutlined,
  CalendarOutlined,
  CreditCardOutlined,
  EyeInvisibleOutlined,
  EyeOutlined,
  MoneyCollectOutlined,
  ReloadOutlined,
  RollbackOutlined,
  TagsOutlined,
} from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import dayjs from 'dayjs';
import { SCREENS, type HomeCard } from '@venue/contract';
import { formatDate, formatMoney } from '../../app/format.ts';
import { success } from '../../app/feedback.tsx';
import { registerMessages, useFeatureT } from '../../app/i18n.ts';
import { hasPermission } from '../../app/permission.tsx';
import { useLang } from '../../app/prefs.ts';
import { useSession } from '../../app/session.ts';
import { usePayT } from '../../kit/pay/payI18n.tsx';
import { homepageApi, useHomeCards } from './home.api.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

const NS = 'home';
registerMessages(NS, zh, en);

function greetingKey(hour: number): 'morning' | 'afternoon' | 'evening' {
  if (hour < 12) return 'morning';
  if (hour < 18) return 'afternoon';
  return 'evening';
}

/** How each known card looks; a card of a module added later gets the default. */
const LOOKS: Record<string, { icon: ReactNode; color: string }> = {
  'booking.today': { icon: <CalendarOutlined />, color: '#1677ff' },
  'commerce.takings': { icon: <MoneyCollectOutlined />, color: '#389e0d' },
  'commerce.refunds': { icon: <RollbackOutlined />, color: '#d46b08' },
  'card.expiring': { icon: <CreditCardOutlined />, color: '#c41d7f' },
  'ticket.sessions': { icon: <TagsOutlined />, color: '#08979c' },
  'system.overview': { icon: <ApartmentOutlined />, color: '#531dab' },
};
const DEFAULT_LOOK = { icon: <AppstoreOutlined />, color: '#1677ff' };

/** A card code as a message key (`booking.today` -> `booking_today`): i18next reads dots as nesting. */
const codeKey = (code: string) => code.replace(/\./g, '_');

function useHomeT() {
  return useFeatureT<typeof zh>(NS);
}

/** The screen a card opens, when the user may open it: its path with the card's filter. */
function useTarget(card: HomeCard): string | null {
  const perms = useSession((s) => s.permissions);
  const roles = useSession((s) => s.roles);
  const screen = SCREENS.find((s) => s.key === card.screen);
  if (!screen || !('permission' in screen) || !hasPermission(perms, roles, screen.permission)) return null;
  const query = new URLSearchParams(card.query).toString();
  return query ? `${screen.path}?${query}` : screen.path;
}

function Figure({ card, figure, big }: { card: HomeCard; figure: HomeCard['figures'][number]; big: boolean }) {
  const t = useHomeT();
  const payT = usePayT();
  const lang = useLang();
  const label = figure.key.startsWith('method.') ? payT(figure.key) : t.dynamic('figure', figure.key);
  const text = figure.unit === 'fen' ? `¥${formatMoney(figure.value, lang)}` : String(figure.value);
  // The platform figures keep their old test ids (home-users ...), which other browser tests read.
  const testId = card.code === 'system.overview' ? `home-${figure.key}` : `home-figure-${card.code}-${figure.key}`;
  return (
    <Statistic
      title={label}
      value={text}
      styles={{ content: { fontSize: big ? 26 : 16, fontVariantNumeric: 'tabular-nums' } }}
      valueRender={() => (
        <span data-testid={testId} data-value={figure.value}>
          {text}
        </span>
      )}
    />
  );
}

function Lines({ card }: { card: HomeCard }) {
  const t = useHomeT();
  const lang = useLang();
  const { token } = theme.useToken();
  if (card.code !== 'ticket.sessions' && card.code !== 'card.expiring') return null;
  return (
    <List
      size="small"
      style={{ marginTop: 8 }}
      locale={{ emptyText: t('noLines') }}
      dataSource={card.lines}
      data-testid={`home-lines-${card.code}`}
      renderItem={(l) => (
        <List.Item style={{ paddingInline: 0 }}>
          <Typography.Text ellipsis style={{ maxWidth: '60%' }} title={l.label}>
            {l.label}
          </Typography.Text>
          <Typography.Text style={{ color: token.colorTextSecondary, fontSize: 12 }}>
            {card.code === 'ticket.sessions'
              ? `${dayjs(l.at).format(lang === 'zh-CN' ? 'MM-DD HH:mm' : 'MM-DD HH:mm')} · ${t('line.sold', { count: l.value ?? 0 })}`
              : t('line.validTo', { day: l.at ?? '' })}
          </Typography.Text>
        </List.Item>
      )}
    />
  );
}

function HomeCardView({ card }: { card: HomeCard }) {
  const t = useHomeT();
  const navigate = useNavigate();
  const target = useTarget(card);
  const look = LOOKS[card.code] ?? DEFAULT_LOOK;
  const [lead, ...rest] = card.figures;
  const title = t.dynamic('card', codeKey(card.code));
  return (
    <Card
      variant="borderless"
      hoverable={!!target}
      style={{ height: '100%', cursor: target ? 'pointer' : undefined }}
      onClick={target ? () => navigate(target) : undefined}
      data-testid={`home-card-${card.code}`}
      title={
        <Flex align="center" gap={10}>
          <span
            aria-hidden
            style={{
              width: 32,
              height: 32,
              borderRadius: 8,
              display: 'inline-flex',
              alignItems: 'center',
              justifyContent: 'center',
              color: look.color,
              background: `${look.color}1f`,
              fontSize: 16,
            }}
          >
            {look.icon}
          </span>
          <span>{title}</span>
        </Flex>
      }
      extra={
        target ? (
          <Button
            type="link"
            size="small"
            onClick={(e) => {
              e.stopPropagation();
              navigate(target);
            }}
            aria-label={`${t('open')} ${title}`}
            data-testid={`home-open-${card.code}`}
          >
            {t('open')}
          </Button>
        ) : null
      }
    >
      <Typography.Paragraph type="secondary" style={{ fontSize: 12, marginTop: -4 }}>
        {t.dynamic('hint', codeKey(card.code))}
      </Typography.Paragraph>
      {lead ? (
        <Flex wrap gap={24} align="flex-end">
          <Figure card={card} figure={lead} big />
          {rest.map((f) => (
            <Figure key={f.key} card={card} figure={f} big={false} />
          ))}
        </Flex>
      ) : null}
      {card.code === 'commerce.takings' && !card.figures.some((f) => f.key.startsWith('method.')) ? (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          {t('noTakings')}
        </Typography.Text>
      ) : null}
      <Lines card={card} />
    </Card>
  );
}

/** Arrange mode: move cards up and down, hide or show them, save for this user, or go back to the default. */
function Arranger({ cards, onDone }: { cards: HomeCard[]; onDone: () => void }) {
  const t = useHomeT();
  const queryClient = useQueryClient();
  const [order, setOrder] = useState(() => cards.map((c) => c.code));
  const [hidden, setHidden] = useState(() => new Set(cards.filter((c) => c.hidden).map((c) => c.code)));
  const [busy, setBusy] = useState<'save' | 'reset' | null>(null);

  const move = (i: number, by: -1 | 1) =>
    setOrder((o) => {
      const next = [...o];
      [next[i], next[i + by]] = [next[i + by]!, next[i]!];
      return next;
    });
  const toggle = (code: string) =>
    setHidden((h) => {
      const next = new Set(h);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      return next;
    });
  const finish = async (what: 'save' | 'reset') => {
    setBusy(what);
    try {
      if (what === 'save') await homepageApi.save({ order, hidden: order.filter((c) => hidden.has(c)) });
      else await homepageApi.clear();
      await queryClient.invalidateQueries({ queryKey: ['home', 'cards'] });
      success(what === 'save' ? t('arrange.saved') : t('arrange.resetDone'));
      onDone();
    } catch {
      /* the request layer showed why */
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card variant="borderless" data-testid="home-arranger" title={t('arrange.start')}>
      <Typography.Paragraph type="secondary">{t('arrange.hint')}</Typography.Paragraph>
      <List
        bordered
        dataSource={order}
        renderItem={(code, i) => {
          const off = hidden.has(code);
          const title = t.dynamic('card', codeKey(code));
          return (
            <List.Item
              data-testid={`home-arrange-${code}`}
              data-hidden={off}
              actions={[
                <Tooltip key="up" title={t('arrange.up')}>
                  <Button
                    icon={<ArrowUpOutlined />}
                    disabled={i === 0}
                    onClick={() => move(i, -1)}
                    aria-label={`${t('arrange.up')} ${title}`}
                    data-testid={`home-arrange-up-${code}`}
                  />
                </Tooltip>,
                <Tooltip key="down" title={t('arrange.down')}>
                  <Button
                    icon={<ArrowDownOutlined />}
                    disabled={i === order.length - 1}
                    onClick={() => move(i, 1)}
                    aria-label={`${t('arrange.down')} ${title}`}
                    data-testid={`home-arrange-down-${code}`}
                  />
                </Tooltip>,
                <Button
                  key="toggle"
                  icon={off ? <EyeOutlined /> : <EyeInvisibleOutlined />}
                  onClick={() => toggle(code)}
                  aria-pressed={off}
                  data-testid={`home-arrange-toggle-${code}`}
                >
                  {off ? t('arrange.show') : t('arrange.hide')}
                </Button>,
              ]}
            >
              <Space>
                <Typography.Text type={off ? 'secondary' : undefined} delete={off}>
                  {title}
                </Typography.Text>
                {off ? <Tag>{t('arrange.hidden')}</Tag> : null}
              </Space>
            </List.Item>
          );
        }}
      />
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }} wrap>
        <Button onClick={() => void finish('reset')} loading={busy === 'reset'} data-testid="home-arrange-reset">
          {t('arrange.reset')}
        </Button>
        <Button onClick={onDone} data-testid="home-arrange-cancel">
          {t('arrange.cancel')}
        </Button>
        <Button type="primary" onClick={() => void finish('save')} loading={busy === 'save'} data-testid="home-arrange-save">
          {t('arrange.save')}
        </Button>
      </Flex>
    </Card>
  );
}

/** /home: greeting, then the user's cards (today's bookings, takings, refunds to review, expiring cards, next sessions, the platform's figures). */
export default function HomePage() {
  const t = useHomeT();
  const lang = useLang();
  const userName = useSession((s) => s.userInfo?.userName || s.userName);
  const orgName = useSession((s) => s.userInfo?.currentOrg?.orgName ?? '');
  const { data, isLoading, isFetching, refetch } = useHomeCards();
  const [arranging, setArranging] = useState(false);
  const now = dayjs();
  const shown = (data?.cards ?? []).filter((c) => !c.hidden);

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
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('summaryTitle')}
        </Typography.Title>
        <Space>
          <Button icon={<AppstoreOutlined />} onClick={() => setArranging(true)} disabled={arranging || !data} data-testid="home-arrange">
            {t('arrange.start')}
          </Button>
          <Button icon={<ReloadOutlined />} loading={isFetching && !isLoading} onClick={() => void refetch()} data-testid="home-refresh">
            {t('refresh')}
          </Button>
        </Space>
      </Flex>
      {arranging && data ? <Arranger cards={data.cards} onDone={() => setArranging(false)} /> : null}
      {isLoading ? (
        <Card variant="borderless" loading />
      ) : shown.length === 0 ? (
        <Card variant="borderless">
          <Empty description={t('noCards')} />
        </Card>
      ) : (
        <Row gutter={[16, 16]}>
          {shown.map((card) => (
            <Col key={card.code} xs={24} md={12} xl={8}>
              <HomeCardView card={card} />
            </Col>
          ))}
        </Row>
      )}
    </Flex>
  );
}
