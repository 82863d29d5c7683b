import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Perm, type CardRow, type CardTypeRow, type Page, type cardListQuery } from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { setBackFromCardDetail, useSession } from '../../../app/session.ts';
import { ListPage, type ListHandle, type Option, type ResourceDef } from '../../../kit/index.ts';
import { CARD_ACTIONS, useCardActions, type CardAction } from './CardDialogs.tsx';
import { CARD_SELL_PATH, CardLeft, NS, useCardT, cardDetailPath, kindOptions, statusOptions, useValidity } from './shared.tsx';

/** The organisation's card types as options (filters, the sale). */
export function useCardTypeOptions(onSale = false): Option[] {
  const types = useQuery({
    queryKey: ['card', 'types', onSale],
    queryFn: () => http.post<Page<CardTypeRow>>(api.sport('card/type/list'), { pageNum: 1, pageSize: 200, status: onSale ? 0 : undefined }),
    staleTime: 30_000,
  });
  return (types.data?.data ?? []).map((ty) => ({ value: ty.id, label: ty.name }));
}

function Validity({ row }: { row: CardRow }) {
  const validity = useValidity();
  return <>{validity(row.validFrom, row.validTo)}</>;
}

/** The card number, opening its detail (the text is the child, so the list measures the column by it). */
function CardNoLink({ row, children }: { row: CardRow; children: string }) {
  const navigate = useNavigate();
  return (
    <Typography.Link onClick={() => navigate(cardDetailPath(row.id))} data-testid="card-no" data-row-key={row.id}>
      {children}
    </Typography.Link>
  );
}

export const cardResource: ResourceDef<CardRow, CardRow, z.input<typeof cardListQuery>> = {
  key: 'card',
  ns: NS,
  name: 'card',
  nameField: 'cardNo',
  endpoint: { prefix: 'sport', path: 'card' },
  features: { add: false, edit: false, remove: false, batchRemove: false, detail: false, export: false, import: false },
  searchVisible: 3,
  search: [
    { name: 'keyword', label: 'field.keyword', placeholder: 'hint.keyword' },
    { name: 'cardNo', label: 'field.cardNo' },
    { name: 'status', label: 'field.status', type: 'select', options: statusOptions },
    { name: 'kind', label: 'field.kind', type: 'select', options: kindOptions },
    { name: 'typeId', label: 'field.typeName', type: 'select', useOptions: () => useCardTypeOptions() },
    { name: 'validTo', label: 'field.validTo', type: 'dateRange', rangeKeys: ['validToFrom', 'validToTo'] },
  ],
  columns: [
    { key: 'cardNo', label: 'field.cardNo', content: 'code', render: (_: unknown, row) => <CardNoLink row={row}>{row.cardNo}</CardNoLink> },
    { key: 'memberName', label: 'field.member' },
    { key: 'memberPhone', label: 'field.memberPhone', content: 'code' },
    { key: 'typeName', label: 'field.typeName' },
    { key: 'kind', label: 'field.kind', options: kindOptions },
    {
      key: '$left',
      label: 'field.left',
      content: 'number',
      align: 'right',
      width: 150,
      render: (_: unknown, row) => <CardLeft card={row} testId="card-left" />,
    },
    { key: '$validity', label: 'field.validity', content: 'code', width: 290, render: (_: unknown, row) => <Validity row={row} /> },
    { key: 'status', label: 'field.status', options: statusOptions },
    { key: 'managerName', label: 'field.manager' },
    { key: 'memberNo', label: 'field.memberNo', hiddenByDefault: true },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', hiddenByDefault: true },
  ],
};

/**
 * sport.card.list (member/memberCard): the cards with their filters and actions. Coming back
 * from a card's detail (spec 2.2 rule 8) keeps the filters, page and selection (the tab keeps
 * the screen alive and the kit's list store keeps its state) and refreshes the rows.
 */
export default function CardListPage() {
  const navigate = useNavigate();
  const list = useRef<ListHandle<CardRow>>(null);
  const back = useSession((s) => s.backFromCardDetail);
  const [cameBack, setCameBack] = useState(false);
  const { run, dialogs } = useCardActions();
  // The member page opens this list on one member's cards (`?memberId=`).
  const [params, setParams] = useSearchParams();
  const memberId = Number(params.get('memberId')) || undefined;
  const t = useCardT();

  // Shown again after the card detail's "back to the list": the flag is read once, the rows refetched.
  useEffect(() => {
    if (!back) return;
    setCameBack(true);
    setBackFromCardDetail(false);
    list.current?.reload();
  }, [back]);

  const def = useMemo<typeof cardResource>(
    () => ({
      ...cardResource,
      toolbar: [{ key: 'sell', label: 'action.sell', icon: <PlusOutlined />, primary: true, perm: Perm.card.sell, run: () => navigate(CARD_SELL_PATH) }],
      inlineActions: 3,
      rowActions: CARD_ACTIONS.map((a) => ({
        key: a.key,
        label: `action.${a.key}`,
        perm: a.perm,
        danger: a.danger,
        visible: a.visible,
        run: (row: CardRow) => run(a.key as CardAction, row),
      })),
    }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- made once: the actions dispatch through run, which reads state through stable setters
    [],
  );
  return (
    <div data-testid="card-page" data-came-back={cameBack ? 'true' : 'false'}>
      <ListPage
        def={def}
        ref={list}
        extraFilters={memberId ? { memberId } : undefined}
        header={
          memberId ? (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('oneMember')}
              action={
                <Button size="small" onClick={() => setParams({})} data-testid="card-all-members">
                  {t('allMembers')}
                </Button>
              }
            />
          ) : undefined
        }
      />
      {dialogs}
    </div>
  );
}
