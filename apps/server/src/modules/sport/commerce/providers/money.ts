/**
 * Money and time at the provider boundary. Amounts are integer fen inside the server; a provider
 * that speaks yuan gets exact text with two decimals ("0.01" is 1 fen), converted by string
 * arithmetic, never through floating point. Providers in China count days and print times in
 * China Standard Time (UTC+8, no daylight saving).
 */

/** 1 fen -> "0.01", 12345 -> "123.45". Refuses anything but a non-negative safe integer. */
export function fenToYuan(fen: number): string {
  if (!Number.isSafeInteger(fen) || fen < 0) throw new RangeError(`amount in fen must be a non-negative integer: ${fen}`);
  const s = String(fen).padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

/** "0.01" -> 1, "12" -> 1200, "3.5" -> 350. Refuses more than two decimals, signs and exponents. */
export function yuanToFen(yuan: string | number): number {
  const text = typeof yuan === 'number' ? String(yuan) : yuan.trim();
  const m = /^(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!m) throw new RangeError(`not an amount in yuan: ${JSON.stringify(yuan)}`);
  const fen = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(fen)) throw new RangeError(`amount too large: ${text}`);
  return fen;
}

/** Parses a fen amount given as text or number ("100" -> 100); refuses fractions. */
export function parseFen(v: unknown): number {
  const text = typeof v === 'number' ? String(v) : typeof v === 'string' ? v.trim() : '';
  if (!/^\d+$/.test(text)) throw new RangeError(`not an amount in fen: ${JSON.stringify(v)}`);
  const n = Number(text);
  if (!Number.isSafeInteger(n)) throw new RangeError(`amount too large: ${text}`);
  return n;
}

const CST_OFFSET_MS = 8 * 3600_000;

function cstParts(d: Date) {
  const c = new Date(d.getTime() + CST_OFFSET_MS);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return {
    y: p(c.getUTCFullYear(), 4),
    M: p(c.getUTCMonth() + 1),
    d: p(c.getUTCDate()),
    h: p(c.getUTCHours()),
    m: p(c.getUTCMinutes()),
    s: p(c.getUTCSeconds()),
  };
}

/** "2024-05-01 13:04:05" in China time (Alipay's format). */
export function cstDateTime(d: Date): string {
  const t = cstParts(d);
  return `${t.y}-${t.M}-${t.d} ${t.h}:${t.m}:${t.s}`;
}

/** "20240501130405" in China time (WeChat v2 time_end, aggregators). */
export function cstCompact(d: Date): string {
  const t = cstParts(d);
  return `${t.y}${t.M}${t.d}${t.h}${t.m}${t.s}`;
}

/** "2024-05-01T13:04:05+08:00" (WeChat v3, RFC 3339). */
export function cstRfc3339(d: Date): string {
  const t = cstParts(d);
  return `${t.y}-${t.M}-${t.d}T${t.h}:${t.m}:${t.s}+08:00`;
}

/** The provider's day (yyyy-MM-dd, China time) of an instant. */
export function cstDay(d: Date): string {
  return cstDateTime(d).slice(0, 10);
}

/** Parses "2024-05-01 13:04:05" or "20240501130405" as China time. */
export function parseCst(text: string | undefined): Date | undefined {
  if (!text) return undefined;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})[ T]?(\d{2}):?(\d{2}):?(\d{2})$/.exec(text.trim());
  if (!m) {
    const d = new Date(text);
    return Number.isNaN(d.getTime()) ? undefined : d;
  }
  const [, y, M, d, h, mi, s] = m.map(Number) as number[];
  return new Date(Date.UTC(y!, M! - 1, d!, h!, mi!, s!) - CST_OFFSET_MS);
}

/** Checks a yyyy-MM-dd day. */
export function assertDay(day: string): void {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) throw new RangeError(`not a day (yyyy-MM-dd): ${day}`);
}
