import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { type CompetitionOrderRow, type competitionOrderQuery } from '@venue/contract';
import { ListPage, type ResourceDef } from '../../../../kit/index.ts';
import { NS, competitionOrderDetailPath, orderStateOptions, useProjectOptions, useTypeChoiceOptions } from './shared.tsx';

/**
 * Competition ticketing orders (issue 13, spec ticketManagement/competitionTicketingOrder): the
 * ticket orders, filtered by project type (a type takes its child types: "sports events" lists
 * every match), project, order number, state or buyer; Detail opens the order with its tickets,
 * seats, payments and refunds.
 */
export default function CompetitionOrderPage() {
  const navigate = useNavigate();
  const def = useMemo<ResourceDef<CompetitionOrderRow, never, z.input<typeof competitionOrderQuery>>>(
    () => ({
      key: 'competitionOrder',
      ns: NS,
      name: 'field.orderNo',
      endpoint: { prefix: 'sport', path: 'ticket/competitionOrder' },
      features: { add: false, edit: false, remove: false, batchRemove: false, import: false, export: false, detail: false, selection: false },
      search: [
        { name: 'typeId', label: 'field.typeId', type: 'select', useOptions: useTypeChoiceOptions },
        { name: 'projectId', label: 'field.project', type: 'select', useOptions: useProjectOptions },
        { name: 'orderNo', label: 'field.orderNo' },
        { name: 'state', label: 'field.state', type: 'select', options: orderStateOptions },
        { name: 'buyer', label: 'field.buyer' },
      ],
      columns: [
        { key: 'orderNo', label: 'field.orderNo', content: 'code' },
        { key: 'projectName', label: 'field.project' },
        { key: 'typeName', label: 'field.typeName' },
        { key: 'sessionNames', label: 'field.sessionNames' },
        { key: 'ticketCount', label: 'field.ticketCount', content: 'number' },
        { key: 'buyerName', label: 'field.buyerName' },
        { key: 'buyerPhone', label: 'field.buyerPhone', content: 'code' },
        { key: 'payableFen', label: 'field.payableFen', format: 'money' },
        { key: 'paidFen', label: 'field.paidFen', format: 'money' },
        { key: 'refundedFen', label: 'field.refundedFen', format: 'money', hiddenByDefault: true },
        { key: 'state', label: 'field.state', options: orderStateOptions },
        { key: 'createTime', label: 'field.orderTime', format: 'datetime' },
      ],
      rowActions: [{ key: 'detail', label: 'detail', run: (row) => navigate(competitionOrderDetailPath(row.id)) }],
    }),
    [navigate],
  );
  return <ListPage def={def} />;
}
