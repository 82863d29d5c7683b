import { z } from 'zod';
import type { Db } from '../../../platform/db.ts';
import { getConfigValue, jsonValidator, registerConfigValidator } from '../../system/index.ts';

/**
 * Tax of an invoice, line by line (docs/decisions.md, "Invoices: tax"). Line amounts are tax
 * inclusive (what the buyer paid for the line); a line's tax is
 * round-half-up(amount × rate / (1 + rate)) in fen, in integers (rates in basis points), so the
 * invoice's total is exactly the sum of its lines and its tax exactly the sum of the lines' taxes.
 * The rate is the line's item kind's, else the default: the parameter `invoice.taxRates`.
 */
export const TAX_RATES_PARAM = 'invoice.taxRates';
const rateBp = z.number().int().min(0).max(9_999);
const taxRates = z.strictObject({ default: rateBp, kinds: z.record(z.string().min(1).max(16), rateBp).optional() });
type TaxRates = z.output<typeof taxRates>;

/** Sports services 6% (现代服务), goods sold or rented 13%. */
export const DEFAULT_TAX_RATES: TaxRates = { default: 600, kinds: { goods: 1300, rent: 1300 } };

registerConfigValidator(
  TAX_RATES_PARAM,
  jsonValidator((json) => taxRates.parse(json)),
);

export async function taxRatesOf(db: Db): Promise<(kind: string) => number> {
  const raw = await getConfigValue(db, TAX_RATES_PARAM);
  let rates = DEFAULT_TAX_RATES;
  try {
    if (raw) rates = taxRates.parse(JSON.parse(raw));
  } catch {
    rates = DEFAULT_TAX_RATES; // an unreadable value saved before its check existed
  }
  return (kind) => rates.kinds?.[kind] ?? rates.default;
}

/** round-half-up(amountFen × bp / (10000 + bp)), in integers. */
export function lineTaxFen(amountFen: number, bp: number): number {
  const den = 10_000 + bp;
  return Math.floor((2 * amountFen * bp + den) / (2 * den));
}
