import { count } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { regions } from './region.table.ts';

/** A few provinces, cities and districts (GB/T 2260 codes), loaded into an empty table only. */
const seed: [code: string, name: string, parent: string | null][] = [
  ['110000', '北京市', null],
  ['110100', '北京市', '110000'],
  ['110101', '东城区', '110100'],
  ['110105', '朝阳区', '110100'],
  ['310000', '上海市', null],
  ['310100', '上海市', '310000'],
  ['310104', '徐汇区', '310100'],
  ['310115', '浦东新区', '310100'],
  ['330000', '浙江省', null],
  ['330100', '杭州市', '330000'],
  ['330106', '西湖区', '330100'],
  ['440000', '广东省', null],
  ['440100', '广州市', '440000'],
  ['440106', '天河区', '440100'],
  ['440300', '深圳市', '440000'],
  ['440305', '南山区', '440300'],
];

export async function seedRegions(db: Executor): Promise<void> {
  const [n] = await db.select({ n: count() }).from(regions);
  if (Number(n?.n ?? 0) > 0) return;
  // One statement per level (provinces, cities, districts): each names its parent, inserted before it.
  const ids = new Map<string, { id: number; level: number }>();
  let rest = seed.map((row, i) => ({ row, orderNum: i + 1 }));
  while (rest.length) {
    const ready = rest.filter(({ row: [, , parent] }) => parent === null || ids.has(parent));
    if (!ready.length) throw new Error('region seed names a parent it does not hold');
    const rows = await db
      .insert(regions)
      .values(
        ready.map(({ row: [code, name, parent], orderNum }) => {
          const p = parent ? ids.get(parent)! : null;
          return { code, name, parentId: p?.id ?? null, level: (p?.level ?? 0) + 1, orderNum };
        }),
      )
      .returning({ id: regions.id, code: regions.code, level: regions.level });
    for (const r of rows) ids.set(r.code, { id: r.id, level: r.level });
    rest = rest.filter((x) => !ready.includes(x));
  }
}
