import type { TestServer } from '../../../../test/harness.ts';

// No vitest here: `npm run bench` (scripts/bench/coupon.ts) runs the same races outside the test runner.

type Answer = { code: number; msg: string; detail?: unknown; body?: unknown };

export interface CouponRaceResult {
  /** Orders made. */
  made: number;
  /** Orders made with the coupon's discount. */
  discounted: number;
  /** Refused with 100409 `coupon`. */
  refused: number;
  /** Any other answer (must be none: no deadlock, no 5xx). */
  other: string[];
  /** Live uses (held or used) of the template, and what its counter says was taken. */
  uses: number;
  taken: number;
  ms: number;
}

/**
 * `orders` generic sales of one ¥150 line at once, each offering the shared code `code` (of a member
 * when `memberId` is given), by `post` (the test client's call or raw HTTP): what was made,
 * discounted and refused, and what the database holds of the template afterwards.
 */
export async function codeRace(
  s: TestServer,
  post: (body: unknown) => Promise<Answer>,
  t: { id: number; code: string },
  orders: number,
  memberId?: number,
): Promise<CouponRaceResult> {
  const body = {
    type: 'general',
    items: [{ kind: 'general', name: '抢券商品', unitPriceFen: 15_000, quantity: 1 }],
    couponCode: t.code,
    ...(memberId ? { memberId } : {}),
  };
  const t0 = performance.now();
  const answers = await Promise.all(Array.from({ length: orders }, () => post(body)));
  const ms = performance.now() - t0;
  const isRefusal = (a: Answer) => a.code === 100409 && (a.detail as { reason?: string } | null)?.reason === 'coupon';
  const made = answers.filter((a) => a.code === 0);
  const [row] = await s.database.query<{ uses: number; taken: number }>(
    `select (select count(*)::int from sport_coupon_use where template_id = $1 and state in ('held','used')) as uses,
            (select taken from sport_coupon_template where id = $1) as taken`,
    [t.id],
  );
  return {
    made: made.length,
    discounted: made.filter((a) => Number((a.body as { discountFen?: number }).discountFen) > 0).length,
    refused: answers.filter(isRefusal).length,
    other: answers.filter((a) => a.code !== 0 && !isRefusal(a)).map((a) => `${a.code} ${a.msg}`),
    uses: Number(row?.uses ?? 0),
    taken: Number(row?.taken ?? 0),
    ms,
  };
}
