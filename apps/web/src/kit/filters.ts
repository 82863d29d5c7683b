/**
 * Input filters of spec section 5: number-only with a given number of decimals, and
 * integer-only. Pure functions on the text typed so far; <NumberInput>/<IntegerInput>
 * (inputs.tsx) apply them on every change, so an invalid character never shows.
 */

export interface NumberFilterOptions {
  /** Digits allowed after the point; 0 = integer only. Default 2. */
  decimals?: number;
  /** Allow one leading minus sign. Default false. */
  negative?: boolean;
}

/**
 * Keeps digits, one decimal point (when decimals > 0) and, when allowed, one leading '-';
 * cuts the fraction to `decimals` digits and drops superfluous leading zeros ('007' -> '7',
 * '00.5' -> '0.5'). A lone '.' becomes '0.'.
 */
export function filterNumber(raw: string | number | null | undefined, opts: NumberFilterOptions = {}): string {
  const decimals = Math.max(0, Math.floor(opts.decimals ?? 2));
  const text = raw === null || raw === undefined ? '' : String(raw);
  const negative = !!opts.negative && text.trimStart().startsWith('-');
  let body = text.replace(decimals > 0 ? /[^\d.]/g : /\D/g, '');
  if (decimals > 0) {
    const dot = body.indexOf('.');
    if (dot >= 0) {
      const int = body.slice(0, dot);
      const frac = body
        .slice(dot + 1)
        .replace(/\./g, '')
        .slice(0, decimals);
      body = `${int === '' ? '0' : int}.${frac}`;
    }
  }
  // Leading zeros: keep one before the point.
  body = body.replace(/^0+(?=\d)/, '');
  return negative ? `-${body}` : body;
}

/** Integer-only: digits (and a leading '-' when allowed). */
export function filterInteger(raw: string | number | null | undefined, opts: { negative?: boolean } = {}): string {
  return filterNumber(raw, { decimals: 0, negative: opts.negative });
}

/** The number a filtered text stands for, or null for '', '-', '0.' is 0. */
export function parseFiltered(text: string): number | null {
  if (text === '' || text === '-' || text === '.') return null;
  const n = Number(text.endsWith('.') ? text.slice(0, -1) : text);
  return Number.isFinite(n) ? n : null;
}
