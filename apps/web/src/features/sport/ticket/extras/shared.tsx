import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import {
  ORDER_STATES,
  TEMPLATE_FIELDS,
  TEMPLATE_KINDS,
  type NoticeRow,
  type Page,
  type PerformerRow,
  type TicketChoices,
  type TicketPrintData,
  type TicketTemplateRow,
} from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import { api, http } from '../../../../app/request.ts';
import type { Option } from '../../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The catalogue extras' texts. */
export const NS = 'ticketExtras';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export function useExtrasT(): Translate {
  return useFeatureT<typeof zh>(NS);
}

export const ticketPath = (p: string) => api.sport(`ticket/${p}`);
export const templateDesignPath = (id: number) => `/sport/views/ticketManagement/ticketTemplate/design/${id}`;
export const templatePrintPath = (id: number, ticketId?: number) =>
  `/sport/views/ticketManagement/ticketTemplate/print/${id}${ticketId ? `?ticketId=${ticketId}` : ''}`;
export const TEMPLATE_LIST_PATH = '/sport/views/ticketManagement/ticketTemplate/index';
export const competitionOrderDetailPath = (id: number) => `/sport/views/ticketManagement/competitionTicketingOrder/detail/${id}`;
export const COMPETITION_ORDER_LIST_PATH = '/sport/views/ticketManagement/competitionTicketingOrder/index';
export const orderDetailPath = (id: number) => `/sport/views/orderManagement/orderDetail/${id}`;

export const statusOptions: Option[] = [
  { value: 0, label: 'status.0', color: 'green' },
  { value: 1, label: 'status.1', color: 'default' },
];
export const kindOptions: Option[] = TEMPLATE_KINDS.map((k) => ({ value: k, label: `kind.${k}`, color: k === 'paper' ? 'gold' : 'blue' }));
export const orderStateOptions: Option[] = ORDER_STATES.map((s) => ({
  value: s,
  label: `orderState.${s}`,
  color: s === 'paid' || s === 'completed' ? 'green' : s === 'pending' ? 'orange' : s === 'cancelled' ? 'default' : 'red',
}));
export const templateFieldOptions = TEMPLATE_FIELDS.map((f) => ({ value: f, label: `tplField.${f}` }));

const all = { pageNum: 1, pageSize: 500 };

/** The organisation's performers, notices, templates and projects, for the project form and filters. */
export function usePerformerOptions(): Option[] {
  const q = useQuery({
    queryKey: ['ticketExtras', 'performers'],
    queryFn: () => http.post<Page<PerformerRow>>(ticketPath('performer/list'), all),
    staleTime: 10_000,
  });
  return (q.data?.data ?? []).map((p) => ({ value: p.id, label: p.role ? `${p.name}（${p.role}）` : p.name }));
}
export function useNoticeOptions(): Option[] {
  const q = useQuery({ queryKey: ['ticketExtras', 'notices'], queryFn: () => http.post<Page<NoticeRow>>(ticketPath('notice/list'), all), staleTime: 10_000 });
  return (q.data?.data ?? []).map((n) => ({ value: n.id, label: n.title, disabled: n.status !== 0 }));
}
export function useTemplateOptions(): Option[] {
  const q = useQuery({
    queryKey: ['ticketExtras', 'templates'],
    queryFn: () => http.post<Page<TicketTemplateRow>>(ticketPath('template/list'), all),
    staleTime: 10_000,
  });
  return (q.data?.data ?? []).map((x) => ({ value: x.id, label: `${x.name}（${x.widthMm}×${x.heightMm} mm）` }));
}
/** Project types and projects for the filters, readable with any of the extras screens' permissions. */
function useChoices() {
  return useQuery({ queryKey: ['ticketExtras', 'choices'], queryFn: () => http.get<TicketChoices>(ticketPath('choices')), staleTime: 10_000 });
}
export function useProjectOptions(): Option[] {
  return (useChoices().data?.projects ?? []).map((p) => ({ value: p.id, label: p.name }));
}
/** Type choices: children under their parent ("Sports / Basketball"). */
export function useTypeChoiceOptions(): Option[] {
  const rows = useChoices().data?.types ?? [];
  const out: Option[] = [];
  for (const p of rows.filter((r) => r.parentId === null)) {
    out.push({ value: p.id, label: p.name });
    for (const c of rows.filter((r) => r.parentId === p.id)) out.push({ value: c.id, label: `${p.name} / ${c.name}` });
  }
  return out;
}

/** Sample ticket data in the console's language (the designer's preview and a print without a ticket). */
export function useSampleData(): TicketPrintData {
  const t = useExtrasT();
  return Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, t(`sample.${f}`)])) as TicketPrintData;
}

/**
 * A notice's text as written: line breaks kept, `**bold**` spans, lines starting "- " as list items.
 * Plain React elements: nothing from the text is read as markup.
 */
export function NoticeText({ content, testId }: { content: string; testId?: string }) {
  const blocks: { list: boolean; lines: string[] }[] = [];
  for (const line of content.split('\n')) {
    const list = /^\s*[-•]\s+/.test(line);
    const last = blocks[blocks.length - 1];
    if (last && last.list === list && (list || line.trim() !== '')) last.lines.push(line);
    else blocks.push({ list, lines: [line] });
  }
  const inline = (text: string) =>
    text
      .split(/(\*\*[^*]+\*\*)/)
      .map((part, i) =>
        part.startsWith('**') && part.endsWith('**') && part.length > 4 ? <strong key={i}>{part.slice(2, -2)}</strong> : <span key={i}>{part}</span>,
      );
  return (
    <div data-testid={testId} className="ticket-notice-text">
      {blocks.map((b, i) =>
        b.list ? (
          <ul key={i} style={{ margin: '4px 0', paddingInlineStart: 20 }}>
            {b.lines.map((l, j) => (
              <li key={j}>{inline(l.replace(/^\s*[-•]\s+/, ''))}</li>
            ))}
          </ul>
        ) : (
          <Typography.Paragraph key={i} style={{ marginBottom: 4, whiteSpace: 'pre-wrap' }}>
            {b.lines.map((l, j) => (
              <span key={j}>
                {inline(l)}
                {j < b.lines.length - 1 ? '\n' : null}
              </span>
            ))}
          </Typography.Paragraph>
        ),
      )}
    </div>
  );
}
