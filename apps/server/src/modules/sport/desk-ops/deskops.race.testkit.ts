import type { Client } from '../../../../test/harness.ts';

// No vitest here: `npm run bench` (scripts/bench/desk-ops.ts) runs the same races outside the test runner.

type Answer = { code: number; msg: string; body?: unknown };

export interface TakeRaceResult {
  /** The numbers given, in the order the answers came back. */
  numbers: number[];
  /** Numbers given more than once (must be 0). */
  duplicates: number;
  /** Any refusal (must be none). */
  other: string[];
  ms: number;
}

/** `n` takes at once at a venue, spread round-robin over `clients` (one per server process, or one). */
export async function takeRace(clients: Pick<Client, 'json'>[], stadiumId: number, n: number): Promise<TakeRaceResult> {
  const t0 = performance.now();
  const answers: Answer[] = await Promise.all(
    Array.from({ length: n }, (_, i) => clients[i % clients.length]!.json('POST', '/api/sport/queue/take', { body: { stadiumId } })),
  );
  const ms = performance.now() - t0;
  const numbers = answers.filter((a) => a.code === 0).map((a) => (a.body as { number: number }).number);
  return { numbers, duplicates: numbers.length - new Set(numbers).size, other: answers.filter((a) => a.code !== 0).map((a) => `${a.code} ${a.msg}`), ms };
}

/** `desks` desks calling next at once, `rounds` times each: the numbers each call got (none called twice). */
export async function callRace(c: Pick<Client, 'json'>, stadiumId: number, desks: number, rounds: number) {
  const called: number[] = [];
  const other: string[] = [];
  await Promise.all(
    Array.from({ length: desks }, async (_, d) => {
      for (let r = 0; r < rounds; r++) {
        const a = await c.json('POST', '/api/sport/queue/callNext', { body: { stadiumId, desk: `${d + 1}号窗口` } });
        if (a.code === 0) called.push((a.body as { number: number }).number);
        else other.push(`${a.code} ${a.msg}`);
      }
    }),
  );
  return { called, duplicates: called.length - new Set(called).size, other };
}
