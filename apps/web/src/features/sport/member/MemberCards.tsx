import { useState } from 'react';
import { Button, Empty, Flex, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Perm, type CardRow, type cardDistributionRow } from '@venue/contract';
import { formatDate } from '../../../app/format.ts';
import { useLang } from '../../../app/prefs.ts';
import { formatDay, useCan } from '../../../kit/index.ts';
import { memberCardApi } from './member.api.ts';
import { memberCardsPath, useMemberT, yuan } from './shared.tsx';

const cardDetailPath = (id: number) => `/sport/views/member/memberCard/cardDetail/${id}`;
const statusColor: Record<string, string> = { pending: 'gold', active: 'green', frozen: 'blue', refunded: 'default', cancelled: 'default' };
type DistributionRow = z.output<typeof cardDistributionRow>;

/** What is left on a card: the balance, the uses, or nothing (a period card: its dates say it). */
function remaining(c: CardRow, t: (k: string, p?: Record<string, unknown>) => string): string {
  if (c.kind === 'value') return yuan(c.balanceFen ?? 0);
  if (c.kind === 'times') return t('card.times', { left: c.timesLeft ?? 0, total: c.timesTotal ?? 0 });
  return '';
}

/** A card's distributions to the company's entrants (`card/{id}/distribute/log`). */
function Distributions({ cardId }: { cardId: number }) {
  const t = useMemberT();
  const lang = useLang();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const q = useQuery({ queryKey: ['member', 'distributions', cardId, page], queryFn: () => memberCardApi.distributions(cardId, page) });
  const limit = (r: DistributionRow) => [r.limitFen !== null ? yuan(r.limitFen) : null, r.limitTimes !== null ? t('distribute.timesLimit', { n: r.limitTimes }) : null].filter(Boolean).join(' · ') || t('distribute.unlimited');
  return (
    <Table<DistributionRow>
      rowKey="id"
      scroll={{ x: 'max-content' }}
      size="small"
      loading={q.isFetching}
      dataSource={q.data?.data ?? []}
      data-testid={`member-distributions-${cardId}`}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('distribute.none')} /> }}
      pagination={(q.data?.total ?? 0) > page.pageSize ? { current: page.pageNum, pageSize: page.pageSize, total: q.data?.total ?? 0, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) } : false}
      columns={[
        { key: 'createTime', dataIndex: 'createTime', title: t('distribute.time'), className: 'kit-cell-nowrap', render: (v: string) => formatDate(v, lang) },
        { key: 'entrantName', dataIndex: 'entrantName', title: t('distribute.entrant') },
        { key: 'action', dataIndex: 'action', title: t('distribute.action'), render: (v: string) => <Tag color={v === 'give' ? 'green' : 'default'}>{t(`distribute.actionOf.${v}`, { defaultValue: v })}</Tag> },
        { key: 'limit', title: t('distribute.limit'), render: (_: unknown, r) => limit(r) },
        { key: 'operatorName', dataIndex: 'operatorName', title: t('distribute.operator') },
      ]}
    />
  );
}

/**
 * A member's (or company's) cards, from the card screens' list filtered by the member; a card
 * opens its detail. With `distributions`, a card row expands to its distribute log.
 */
export function MemberCards({ memberId, distributions = false }: { memberId: number; distributions?: boolean }) {
  const t = useMemberT();
  const lang = useLang();
  const can = useCan();
  const navigate = useNavigate();
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const allowed = can(Perm.card.list);
  const q = useQuery({ queryKey: ['member', 'cards', memberId, page], queryFn: () => memberCardApi.cards({ memberId, ...page }), enabled: allowed, retry: false });
  if (!allowed) return <Empty description={t('card.none')} />;
  const valid = (c: CardRow) => (c.validFrom || c.validTo ? `${c.validFrom ? formatDay(c.validFrom, lang) : ''} ~ ${c.validTo ? formatDay(c.validTo, lang) : ''}` : '');
  return (
    <div data-testid="member-cards">
      {distributions ? (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
          {t('distribute.hint')}
        </Typography.Paragraph>
      ) : null}
      <Table<CardRow>
        rowKey="id"
        scroll={{ x: 'max-content' }}
        size="small"
        loading={q.isFetching}
        dataSource={q.data?.data ?? []}
        data-testid="member-cards-table"
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('card.none')} /> }}
        expandable={distributions && can(Perm.member.distribute) ? { expandedRowRender: (c) => <Distributions cardId={c.id} /> } : undefined}
        pagination={(q.data?.total ?? 0) > page.pageSize ? { current: page.pageNum, pageSize: page.pageSize, total: q.data?.total ?? 0, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) } : false}
        columns={[
          { key: 'cardNo', dataIndex: 'cardNo', title: t('card.cardNo'), className: 'kit-cell-nowrap', render: (v: string, c) => <Typography.Link onClick={() => navigate(cardDetailPath(c.id))}>{v}</Typography.Link> },
          { key: 'typeName', dataIndex: 'typeName', title: t('card.type') },
          { key: 'kind', dataIndex: 'kind', title: t('card.kind'), render: (v: string) => t(`card.kindOf.${v}`, { defaultValue: v }) },
          { key: 'remaining', title: t('card.remaining'), align: 'right', className: 'kit-cell-nowrap', render: (_: unknown, c) => remaining(c, t) },
          { key: 'valid', title: t('card.valid'), className: 'kit-cell-nowrap', render: (_: unknown, c) => valid(c) },
          { key: 'status', dataIndex: 'status', title: t('card.status'), render: (v: string) => <Tag color={statusColor[v] ?? 'default'}>{t(`card.statusOf.${v}`, { defaultValue: v })}</Tag> },
        ]}
      />
      <Flex justify="flex-end" style={{ marginTop: 8 }}>
        <Button type="link" onClick={() => navigate(memberCardsPath(memberId))} data-testid="member-cards-open">
          {t('card.all')}
        </Button>
      </Flex>
    </div>
  );
}
