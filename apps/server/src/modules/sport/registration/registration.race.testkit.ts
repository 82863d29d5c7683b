import type { Client } from '../../../../test/harness.ts';
import { regApi } from './registration.testkit.ts';

export interface RaceCount {
  made: number;
  refused: Record<string, number>;
  /** Answers that are neither a made entry nor a 100409 (a failure of the test's setup or the server). */
  other: string[];
}

/** Entries asked all at once (one per member given; a member may repeat): what was made and why the rest were refused. */
export async function entryRace(c: Client, sessionId: number, memberIds: number[]): Promise<RaceCount> {
  const answers = await Promise.all(memberIds.map((memberId) => c.json('POST', regApi('entry'), { body: { sessionId, memberId } })));
  const out: RaceCount = { made: 0, refused: {}, other: [] };
  for (const a of answers) {
    if (a.code === 0) out.made++;
    else if (a.code === 100409) out.refused[a.detail?.reason] = (out.refused[a.detail?.reason] ?? 0) + 1;
    else out.other.push(`${a.code} ${a.msg}`);
  }
  return out;
}
