import { useLayoutEffect, useState, type Key } from 'react';
import { Button, Descriptions, Empty, Flex, Form, Select, Table, Tag, Typography } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Perm, type CardRow, type cardDistributionRow } from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { formatDate } from '../../../app/format.ts';
import { isApiError } from '../../../app/request.ts';
import { FormModal, IntegerInput, NumberInput, errorFieldsOf, focusFirstError, formatDay, useCan } from '../../../kit/index.ts';
import { fieldErrorsOf, reactToSaveError } from '../../../kit/form.ts';
import { toFen } from '../../../kit/pay/money.ts';
import { useLang } from '../../../app/prefs.ts';
import { memberApi, memberCardApi } from './member.api.ts';
import { memberCardsPath, useMemberT, yuan, type Translate } from './shared.tsx';

const cardDetailPath = (id: number) => `/sport/views/member/memberCard/cardDetail/${id}`;
const statusColor: Record<string, string> = { pending: 'gold', active: 'green', frozen: 'blue', refunded: 'default', cancelled: 'default' };
type DistributionRow = z.output<typeof cardDistributionRow>;

/** What is left on a card: the balance, the uses, or nothing (a period card: its dates say it). */
function remaining(c: CardRow, t: Translate): string {
  if (c.kind === 'value') return yuan(c.balanceFen ?? 0);
  if (c.kind === 'times') return t('card.times', { left: c.timesLeft ?? 0, total: c.timesTotal ?? 0 });
  return '';
}

const live = (c: Pick<CardRow, 'status'>) => c.status === 'active' || c.status === 'frozen';

/**
 * A card's distributions to the company's entrants (`card/{id}/distribute/log`). With the share
 * permission, the latest "given" row of an entrant who still holds the card takes it back
 * (`DELETE card/share/{shareId}`, logged as taken back).
 */
function Distributions({ cardId }: { cardId: number }) {
  const t = useMemberT();
  const lang = useLang();
  const can = useCan();
  const qc = useQueryClient();
  const mayTakeBack = can(Perm.member.distribute);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 10 });
  const q = useQuery({ queryKey: ['member', 'distributions', cardId, page], queryFn: () => memberCardApi.distributions(cardId, page) });
  const rows = q.data?.data ?? [];
  const takeBack = async (r: DistributionRow) => {
    if (!(await confirm({ title: t('distribute.takeBack'), content: t('distribute.takeBackConfirm', { name: r.entrantName }), danger: true }))) return;
    try {
      await memberCardApi.takeBack(cardId, { entrantId: r.entrantId });
      success(t('distribute.takenBack', { name: r.entrantName }));
    } finally {
      await qc.invalidateQueries({ queryKey: ['member', 'distributions', cardId] });
    }
  };
  const limit = (r: DistributionRow) =>
    [r.limitFen !== null ? yuan(r.limitFen) : null, r.limitTimes !== null ? t('distribute.timesLimit', { n: r.limitTimes }) : null]
      .filter(Boolean)
      .join(' · ') || t('distribute.unlimited');
  return (
    <Table<DistributionRow>
      rowKey="id"
      scroll={{ x: 'max-content' }}
      size="small"
      loading={q.isFetching}
      dataSource={rows}
      data-testid={`member-distributions-${cardId}`}
      locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('distribute.none')} /> }}
      pagination={
        (q.data?.total ?? 0) > page.pageSize
          ? { current: page.pageNum, pageSize: page.pageSize, total: q.data?.total ?? 0, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }
          : false
      }
      columns={[
        { key: 'createTime', dataIndex: 'createTime', title: t('distribute.time'), className: 'kit-cell-nowrap', render: (v: string) => formatDate(v, lang) },
        { key: 'entrantName', dataIndex: 'entrantName', title: t('distribute.entrant') },
        {
          key: 'action',
          dataIndex: 'action',
          title: t('distribute.action'),
          render: (v: string) => <Tag color={v === 'give' ? 'green' : 'default'}>{t.dynamic('distribute.actionOf', v)}</Tag>,
        },
        { key: 'limit', title: t('distribute.limit'), render: (_: unknown, r) => limit(r) },
        { key: 'operatorName', dataIndex: 'operatorName', title: t('distribute.operator') },
        ...(mayTakeBack
          ? [
              {
                key: 'actions',
                title: t('distribute.actions'),
                className: 'kit-cell-nowrap',
                render: (_: unknown, r: DistributionRow) =>
                  r.holding ? (
                    <Button
                      type="link"
                      size="small"
                      danger
                      onClick={() => void takeBack(r).catch(() => undefined)}
                      data-testid="member-distribution-takeBack"
                      data-row-key={r.id}
                    >
                      {t('distribute.takeBack')}
                    </Button>
                  ) : null,
              },
            ]
          : []),
      ]}
    />
  );
}

interface GiveValues {
  entrantId?: number;
  /** Yuan as typed (sent in fen). */
  limitFen?: number | string | null;
  limitTimes?: number | string | null;
}

/**
 * Gives a company's card to one of its entrants (`POST card/{id}/distribute`): the entrant, and a
 * limit (yuan for a value card, uses for a times card; empty: no limit). Test ids `distribute-form…`.
 */
function GiveDialog({
  companyId,
  card,
  onClose,
  onGiven,
}: {
  companyId: number;
  card: CardRow | null;
  onClose: () => void;
  onGiven: (cardId: number) => void;
}) {
  const t = useMemberT();
  const lang = useLang();
  const qc = useQueryClient();
  const [form] = Form.useForm<GiveValues>();
  const [busy, setBusy] = useState(false);
  const entrants = useQuery({
    queryKey: ['member', 'entrantOptions', companyId],
    queryFn: () => memberApi.entrants(companyId, { pageNum: 1, pageSize: 500 }),
    enabled: !!card,
    staleTime: 10_000,
  });
  useLayoutEffect(() => {
    if (card) form.resetFields();
  }, [card, form]);
  const positive = [
    {
      validator: async (_: unknown, v: unknown) => {
        if (v === null || v === undefined || v === '') return;
        if (!(Number(v) > 0)) throw new Error(t('distribute.limitPositive'));
      },
    },
  ];
  const submit = async () => {
    if (!card) return;
    let v: GiveValues;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const empty = (x: unknown) => x === null || x === undefined || x === '';
    setBusy(true);
    try {
      await memberCardApi.distribute(card.id, {
        entrantId: v.entrantId!,
        ...(card.kind === 'value' && !empty(v.limitFen) ? { limitFen: toFen(v.limitFen) } : {}),
        ...(card.kind === 'times' && !empty(v.limitTimes) ? { limitTimes: Number(v.limitTimes) } : {}),
      });
      const name = entrants.data?.data.find((m) => m.id === v.entrantId)?.name ?? '';
      success(t('distribute.given', { name, cardNo: card.cardNo }));
      await qc.invalidateQueries({ queryKey: ['member', 'distributions', card.id] });
      onGiven(card.id);
      onClose();
    } catch (err) {
      // The entrant holds the card already: the server names the share's `memberId`, here the entrant.
      const taken = fieldErrorsOf(err).find((f) => f.field === 'memberId');
      if (taken && isApiError(err)) {
        err.showInPlace();
        form.setFields([{ name: 'entrantId', errors: [taken.message] }]);
        focusFirstError(form);
      } else await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };
  const options = (entrants.data?.data ?? []).map((m) => ({ value: m.id, label: `${m.name} · ${m.phone} · ${m.memberNo}` }));
  return (
    <FormModal
      open={!!card}
      title={card ? t('distribute.giveTitle', { cardNo: card.cardNo }) : ''}
      testId="distribute-form"
      busy={busy}
      width={520}
      onOk={() => void submit()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      {card ? (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 16 }} data-testid="distribute-card">
            <Descriptions.Item label={t('card.type')}>
              {card.typeName} · {t(`card.kindOf.${card.kind}`, { defaultValue: card.kind })}
            </Descriptions.Item>
            {card.kind !== 'period' ? <Descriptions.Item label={t('card.remaining')}>{remaining(card, t)}</Descriptions.Item> : null}
            {card.validTo ? <Descriptions.Item label={t('card.valid')}>{formatDay(card.validTo, lang)}</Descriptions.Item> : null}
          </Descriptions>
          <Form form={form} name="distribute-form" layout="vertical" autoComplete="off">
            <Form.Item
              name="entrantId"
              label={t('distribute.entrant')}
              rules={[{ required: true, message: t('distribute.pickEntrant') }]}
              extra={options.length || entrants.isFetching ? undefined : t('distribute.noEntrants')}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                allowClear
                loading={entrants.isFetching}
                placeholder={t('distribute.pickEntrant')}
                options={options}
                data-testid="distribute-entrant"
              />
            </Form.Item>
            {card.kind === 'value' ? (
              <Form.Item name="limitFen" label={t('distribute.limitYuan')} rules={positive} extra={t('distribute.limitHint')}>
                <NumberInput prefix="¥" data-testid="distribute-limit" />
              </Form.Item>
            ) : card.kind === 'times' ? (
              <Form.Item name="limitTimes" label={t('distribute.limitTimes')} rules={positive} extra={t('distribute.limitHint')}>
                <IntegerInput data-testid="distribute-limit" />
              </Form.Item>
            ) : null}
          </Form>
        </>
      ) : null}
    </FormModal>
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
  const [giving, setGiving] = useState<CardRow | null>(null);
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const allowed = can(Perm.card.list);
  const mayDistribute = distributions && can(Perm.member.distribute);
  const q = useQuery({
    queryKey: ['member', 'cards', memberId, page],
    queryFn: () => memberCardApi.cards({ memberId, ...page }),
    enabled: allowed,
    retry: false,
  });
  if (!allowed) return <Empty description={t('card.none')} />;
  const valid = (c: CardRow) =>
    c.validFrom || c.validTo ? `${c.validFrom ? formatDay(c.validFrom, lang) : ''} ~ ${c.validTo ? formatDay(c.validTo, lang) : ''}` : '';
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
        expandable={
          mayDistribute
            ? { expandedRowRender: (c) => <Distributions cardId={c.id} />, expandedRowKeys: expanded, onExpandedRowsChange: setExpanded }
            : undefined
        }
        pagination={
          (q.data?.total ?? 0) > page.pageSize
            ? { current: page.pageNum, pageSize: page.pageSize, total: q.data?.total ?? 0, onChange: (pageNum, pageSize) => setPage({ pageNum, pageSize }) }
            : false
        }
        columns={[
          {
            key: 'cardNo',
            dataIndex: 'cardNo',
            title: t('card.cardNo'),
            className: 'kit-cell-nowrap',
            render: (v: string, c) => <Typography.Link onClick={() => navigate(cardDetailPath(c.id))}>{v}</Typography.Link>,
          },
          { key: 'typeName', dataIndex: 'typeName', title: t('card.type') },
          { key: 'kind', dataIndex: 'kind', title: t('card.kind'), render: (v: string) => t.dynamic('card.kindOf', v) },
          { key: 'remaining', title: t('card.remaining'), align: 'right', className: 'kit-cell-nowrap', render: (_: unknown, c) => remaining(c, t) },
          { key: 'valid', title: t('card.valid'), className: 'kit-cell-nowrap', render: (_: unknown, c) => valid(c) },
          {
            key: 'status',
            dataIndex: 'status',
            title: t('card.status'),
            render: (v: string) => <Tag color={statusColor[v] ?? 'default'}>{t.dynamic('card.statusOf', v)}</Tag>,
          },
          ...(mayDistribute
            ? [
                {
                  key: 'actions',
                  title: t('distribute.actions'),
                  className: 'kit-cell-nowrap',
                  render: (_: unknown, c: CardRow) =>
                    live(c) ? (
                      <Button type="link" size="small" onClick={() => setGiving(c)} data-testid="member-card-distribute" data-row-key={c.id}>
                        {t('distribute.give')}
                      </Button>
                    ) : null,
                },
              ]
            : []),
        ]}
      />
      {mayDistribute ? (
        <GiveDialog
          companyId={memberId}
          card={giving}
          onClose={() => setGiving(null)}
          onGiven={(id) => setExpanded((keys) => (keys.includes(id) ? keys : [...keys, id]))}
        />
      ) : null}
      <Flex justify="flex-end" style={{ marginTop: 8 }}>
        <Button type="link" onClick={() => navigate(memberCardsPath(memberId))} data-testid="member-cards-open">
          {t('card.all')}
        </Button>
      </Flex>
    </div>
  );
}
