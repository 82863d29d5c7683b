import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from '../src/platform/db.ts';

/**
 * The embedded database answers through node-postgres (platform/embedded-connection.ts), as
 * PostgreSQL does: arrays come back as JavaScript arrays of parsed values, ids as numbers.
 */
let dir: string;
let database: Database;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'embedded-arrays-'));
  database = await openDatabase({ dataDir: dir });
});
afterAll(async () => {
  await database?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

it('answers arrays of ids, names, flags, amounts, documents and moments as arrays', async () => {
  const [row] = await database.query<Record<string, unknown>>(
    `select array[1, 9007199254740]::bigint[] as ids, array[3, 4]::int[] as counts, array['a', '球场']::text[] as names,
            array['x']::varchar[] as codes, array[true, false] as flags, array[1.5]::numeric[] as amounts,
            array['{"k": 1}']::jsonb[] as docs, array['2026-11-30T08:00:00Z']::timestamptz[] as moments,
            array['2026-11-30']::date[] as days, array['8d6b5c1e-0f6a-4c1e-9d2a-1b2c3d4e5f60']::uuid[] as uuids`,
  );
  expect(row!.ids).toEqual([1, 9007199254740]);
  expect(row!.counts).toEqual([3, 4]);
  expect(row!.names).toEqual(['a', '球场']);
  expect(row!.codes).toEqual(['x']);
  expect(row!.flags).toEqual([true, false]);
  expect(row!.amounts).toEqual([1.5]);
  expect(row!.docs).toEqual([{ k: 1 }]);
  expect((row!.moments as Date[])[0]!.toISOString()).toBe('2026-11-30T08:00:00.000Z');
  expect(row!.days).toHaveLength(1);
  expect(row!.uuids).toEqual(['8d6b5c1e-0f6a-4c1e-9d2a-1b2c3d4e5f60']);
});
