import type { ItemRecord, KindContext, RefundQuote } from '../../commerce/index.ts';
import { sessionsOfLine } from './reserve.repository.ts';
import { refundQuote } from './rules.ts';

/**
 * The `refundQuote` of the ticket kinds (`ticket`, `dist_ticket`, `ticket_pkg`): what a refund of
 * a line's units gives back by its sessions' refund rules. Each session takes its share of what was
 * paid (by its tickets' prices) at its percent; a session whose rules refuse (begun, closed, not
 * refundable) refuses the whole line with their reason.
 */
export async function ticketLineQuote(ctx: KindContext, item: ItemRecord, paidFen: number): Promise<RefundQuote> {
  const parts = await sessionsOfLine(ctx.tx, ctx.scope, item.id);
  if (!parts.length) return { amountFen: paidFen };
  const total = parts.reduce((n, p) => n + p.unitFen, 0);
  let amount = 0;
  for (const p of parts) {
    const share = total > 0 ? (paidFen * p.unitFen) / total : paidFen / parts.length;
    amount += (share * refundQuote(p.refundRules ?? null, p.startAt, 100, ctx.now).percent) / 100;
  }
  return { amountFen: Math.round(amount) };
}
