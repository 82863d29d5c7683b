import { useRef, useState } from 'react';
import { Alert, Button, Card, Col, Empty, Input, Row as GridRow, Space, Table, Tag, Typography, type InputRef } from 'antd';
import { LoginOutlined, ScanOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { CardUsageRow, CheckinLookupAnswer, Page, checkinCard } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { dictLabel } from '../../../app/dict.ts';
import { api, http } from '../../../app/request.ts';
import { useLang } from '../../../app/prefs.ts';
import { useSession } from '../../../app/session.ts';
import { formatDay, todayIn } from '../../../kit/index.ts';
import { cardApi, refreshCards } from './card.api.ts';
import { CardLeft, CodeLabel, checkinMethodOptions, formatTime, kindOptions, statusOptions, useCardT, useValidity } from './shared.tsx';

type CheckinCard = z.output<typeof checkinCard>;

/**
 * sport.member.checkin (memberCheckIn): a phone, a card number or a card's QR code (a scanner
 * types it and presses Enter) finds the member and their usable cards; checking in with one uses
 * a time of a times card, checks a period card's validity and limits; today's visits below.
 */
export default function CheckinPage() {
  const t = useCardT();
  const validity = useValidity();
  const lang = useLang();
  const stadiumId = useSession((s) => s.stadiumId);
  const timeZone = useSession((s) => s.venue?.timeZone);
  const input = useRef<InputRef>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [found, setFound] = useState<CheckinLookupAnswer | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [checking, setChecking] = useState<number | null>(null);
  const [lastDone, setLastDone] = useState<{ cardId: number; timesUsed: number } | null>(null);
  const today = todayIn(timeZone);
  const visits = useQuery({
    queryKey: ['card', 'checkins', today],
    queryFn: () =>
      http.post<Page<CardUsageRow>>(api.sport('card/usage/list'), {
        kind: 'checkin',
        dayFrom: today,
        dayTo: today,
        pageNum: 1,
        pageSize: 50,
        sortField: 'createTime',
        sortOrder: 'descend',
      }),
  });

  const lookup = async () => {
    const keyword = code.trim();
    if (!keyword) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    setProblem(null);
    setLastDone(null);
    try {
      setFound(await cardApi.lookup(keyword));
    } catch (err) {
      setFound(null);
      setProblem(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
      setCode('');
      input.current?.focus();
    }
  };

  const checkin = async (card: CheckinCard) => {
    if (!found) return;
    setChecking(card.id);
    try {
      const done = await cardApi.checkin({ cardId: card.id, memberId: found.member.id, venueId: stadiumId ?? undefined, method: found.method });
      success(
        done.timesUsed
          ? t('checkin.doneTimes', { name: done.memberName, times: done.timesUsed, left: done.card.timesLeft ?? 0 })
          : t('checkin.done', { name: done.memberName }),
      );
      setFound((f) => (f ? { ...f, cards: f.cards.map((c) => (c.id === card.id ? { ...c, ...done.card } : c)) } : f));
      setLastDone({ cardId: card.id, timesUsed: done.timesUsed });
      refreshCards();
      void visits.refetch();
    } catch {
      // The request layer shows why (limit reached, frozen, expired).
    } finally {
      setChecking(null);
      input.current?.focus();
    }
  };

  const cards = found?.cards ?? [];
  return (
    <div data-testid="checkin-page">
      <Card variant="borderless" style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          <ScanOutlined /> {t('checkin.title')}
        </Typography.Title>
        <Space.Compact style={{ width: '100%', maxWidth: 720 }}>
          <Input
            ref={input}
            size="large"
            autoFocus
            allowClear
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onPressEnter={() => void lookup()}
            placeholder={t('checkin.placeholder')}
            aria-label={t('checkin.placeholder')}
            maxLength={64}
            autoComplete="off"
            style={{ fontSize: 20, height: 48 }}
            data-testid="checkin-code"
          />
          <Button size="large" type="primary" style={{ height: 48 }} loading={busy} onClick={() => void lookup()} data-testid="checkin-find">
            {t('checkin.find')}
          </Button>
        </Space.Compact>
        <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>
          {t('checkin.hint')}
        </Typography.Paragraph>
        {problem ? <Alert type="error" showIcon style={{ marginTop: 12, maxWidth: 720 }} title={problem} data-testid="checkin-problem" /> : null}
      </Card>

      {found ? (
        <Card
          variant="borderless"
          style={{ marginBottom: 16 }}
          data-testid="checkin-member"
          data-member-id={found.member.id}
          title={
            <Space>
              <Typography.Text strong style={{ fontSize: 16 }}>
                {found.member.name}
              </Typography.Text>
              <Typography.Text type="secondary">{found.member.phone}</Typography.Text>
              <Tag>{found.member.memberNo}</Tag>
              {found.member.level ? <Tag color="gold">{dictLabel('sport_member_level', found.member.level)}</Tag> : null}
            </Space>
          }
          extra={
            <Typography.Text type="secondary">
              {t('checkin.readAs')} <CodeLabel value={found.method} options={checkinMethodOptions} testId="checkin-method" />
            </Typography.Text>
          }
        >
          {cards.length ? (
            <GridRow gutter={[16, 16]}>
              {cards.map((c) => (
                <Col key={c.id} xs={24} md={12} xl={8}>
                  <Card
                    size="small"
                    data-testid={`checkin-card-${c.id}`}
                    data-card-no={c.cardNo}
                    style={lastDone?.cardId === c.id ? { borderColor: '#52c41a' } : undefined}
                  >
                    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
                      <Space wrap>
                        <Typography.Text strong>{c.typeName}</Typography.Text>
                        <CodeLabel value={c.kind} options={kindOptions} />
                        <CodeLabel value={c.status} options={statusOptions} />
                        {c.memberId !== found.member.id ? <Tag color="purple">{t('checkin.shared', { name: c.memberName })}</Tag> : null}
                      </Space>
                      <Typography.Text type="secondary">{c.cardNo}</Typography.Text>
                      <div>
                        <CardLeft card={c} strong testId={`checkin-left-${c.id}`} />
                      </div>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {validity(c.validFrom, c.validTo)}
                      </Typography.Text>
                      {!c.usable && c.why ? (
                        <Typography.Text type="warning" data-testid={`checkin-why-${c.id}`}>
                          {c.why}
                        </Typography.Text>
                      ) : null}
                      <Button
                        type="primary"
                        block
                        icon={<LoginOutlined />}
                        disabled={!c.usable}
                        loading={checking === c.id}
                        onClick={() => void checkin(c)}
                        data-testid={`checkin-go-${c.id}`}
                      >
                        {t('checkin.go')}
                      </Button>
                    </Space>
                  </Card>
                </Col>
              ))}
            </GridRow>
          ) : (
            <Empty description={t('checkin.noCards')} />
          )}
        </Card>
      ) : null}

      <Card variant="borderless" title={t('checkin.today', { day: formatDay(today, lang) })} data-testid="checkin-visits">
        <Table<CardUsageRow>
          size="small"
          rowKey="id"
          loading={visits.isFetching}
          dataSource={visits.data?.data ?? []}
          pagination={false}
          locale={{ emptyText: t('checkin.noVisits') }}
          columns={[
            { key: 'time', title: t('field.time'), dataIndex: 'createTime', className: 'kit-cell-nowrap', render: (v: string) => formatTime(v) },
            { key: 'member', title: t('field.member'), dataIndex: 'memberName' },
            { key: 'card', title: t('field.cardNo'), dataIndex: 'cardNo' },
            { key: 'times', title: t('field.timesUsed'), dataIndex: 'times', align: 'right', render: (v: number) => (v ? Math.abs(v) : '—') },
            { key: 'after', title: t('field.timesLeft'), dataIndex: 'timesAfter', align: 'right', render: (v: number | null) => v ?? '—' },
            { key: 'operator', title: t('field.operator'), dataIndex: 'operatorName' },
          ]}
        />
      </Card>
    </div>
  );
}
