import { Tag } from 'antd';
import { useQuery } from '@tanstack/react-query';
import {
  Perm,
  type ConsignStatement,
  type ConsignSummary,
  type Page,
  type CoursePartnerRow,
  type consignPay,
  type consignStatementQuery,
  type consignSummaryQuery,
} from '@venue/contract';
import type { z } from 'zod';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import { api, downloadFile, http } from '../../../../app/request.ts';
import { useCan, type Option } from '../../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

export { formatTime, toFen, yuan } from '../../../../kit/pay/index.ts';

/** The consignment screen's texts. */
export const NS = 'courseConsign';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export const useConsignT = (): Translate => useFeatureT<typeof zh>(NS);

export const statusOptions: Option[] = [
  { value: 'on', label: 'status.on', color: 'green' },
  { value: 'off', label: 'status.off', color: 'default' },
];

const url = (p: string) => api.sport(`course/consign/${p}`);

/** The consignment calls (`{sport}course/consign/...`). */
export const consignApi = {
  summary: (body: z.input<typeof consignSummaryQuery>) => http.post<ConsignSummary>(url('summary'), body),
  statement: (body: z.input<typeof consignStatementQuery>) => http.post<ConsignStatement>(url('statement'), body),
  exportStatement: (body: z.input<typeof consignStatementQuery>) =>
    downloadFile({ url: url('statement/export'), method: 'POST', data: body }, `partner-statement-${body.month}.xlsx`),
  pay: (body: z.input<typeof consignPay>) => http.post<ConsignStatement>(url('pay'), body),
};

/** The organisation's partners (on ones only unless `all`), for the course form and the statement tab; none without the consignment screen. */
export function usePartnerOptions(all = false): Option[] {
  const can = useCan();
  const allowed = can(Perm.courseConsign.list);
  const partners = useQuery({
    queryKey: ['coursePartner', 'options', all],
    queryFn: () => http.post<Page<CoursePartnerRow>>(api.sport('course/partner/list'), { pageNum: 1, pageSize: 500, ...(all ? {} : { status: 'on' }) }),
    staleTime: 30_000,
    enabled: allowed,
  });
  return (partners.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }));
}

/** A course's partner in the course list: a "consigned" tag and the partner's name, or "own". */
export function ConsignedTag({ name }: { name: string | null }) {
  const t = useConsignT();
  if (!name) return <Tag>{t('own')}</Tag>;
  return (
    <span>
      <Tag color="purple">{t('consigned')}</Tag>
      {name}
    </span>
  );
}
