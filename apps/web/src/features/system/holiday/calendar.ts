/** Pure helpers of the year calendar (month grids and range selection). */

const pad = (n: number) => String(n).padStart(2, '0');

export function isoDay(year: number, month: number, date: number): string {
  return `${year}-${pad(month + 1)}-${pad(date)}`;
}

/**
 * The cells of one month's grid, weeks starting on Monday: null for the blanks before
 * the 1st and after the last day, else the YYYY-MM-DD day; always six weeks (42 cells).
 */
export function monthGrid(year: number, month: number): (string | null)[] {
  const first = new Date(Date.UTC(year, month, 1));
  const lead = (first.getUTCDay() + 6) % 7;
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: (string | null)[] = Array.from({ length: lead }, () => null);
  for (let d = 1; d <= days; d++) cells.push(isoDay(year, month, d));
  // Six weeks for every month, so the twelve grids line up.
  while (cells.length < 42) cells.push(null);
  return cells;
}

/** Every day from a to b inclusive (either order), YYYY-MM-DD. */
export function dayRange(a: string, b: string): string[] {
  const [from, to] = a <= b ? [a, b] : [b, a];
  const out: string[] = [];
  for (let t = Date.parse(`${from}T00:00:00Z`); t <= Date.parse(`${to}T00:00:00Z`); t += 86400_000) {
    const d = new Date(t);
    out.push(isoDay(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  }
  return out;
}

export function isWeekend(day: string): boolean {
  const wd = new Date(`${day}T00:00:00Z`).getUTCDay();
  return wd === 0 || wd === 6;
}
