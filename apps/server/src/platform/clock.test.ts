import { describe, expect, it } from 'vitest';
import { sleepOn, systemClock } from './clock.ts';
import { ManualClock } from './clock.testkit.ts';

describe('clock', () => {
  it('a manual clock stands still until moved, then runs due timers in time order, each at its own instant', async () => {
    const clock = new ManualClock(1_000);
    const seen: string[] = [];
    clock.setTimeout(() => seen.push(`b@${clock.now()}`), 200);
    clock.setTimeout(() => seen.push(`a@${clock.now()}`), 100);
    clock.setTimeout(() => seen.push(`c@${clock.now()}`), 200);
    const late = clock.setTimeout(() => seen.push('never'), 500);
    clock.clearTimeout(late);
    await new Promise((r) => setTimeout(r, 20));
    expect(seen).toEqual([]);
    expect(clock.now()).toBe(1_000);
    await clock.advance(300);
    expect(seen).toEqual(['a@1100', 'b@1200', 'c@1200']);
    expect(clock.now()).toBe(1_300);
    expect(clock.pending).toBe(0);
  });

  it('timers set by a timer, or by work it starts, run in the same move when they fall due within it', async () => {
    const clock = new ManualClock(0);
    const seen: number[] = [];
    const tick = () => {
      seen.push(clock.now());
      // Work that ends after a real turn of the event loop, then sets the next timer.
      void new Promise((r) => setImmediate(r)).then(() => clock.setTimeout(tick, 50));
    };
    clock.setTimeout(tick, 50);
    await clock.advance(200);
    expect(seen).toEqual([50, 100, 150, 200]);
  });

  it('sleepOn waits on the clock and stops at once when its signal is aborted', async () => {
    const clock = new ManualClock(0);
    let woke = false;
    const sleeping = sleepOn(clock, 1000).then(() => (woke = true));
    await clock.advance(999);
    expect(woke).toBe(false);
    await clock.advance(1);
    await sleeping;
    expect(woke).toBe(true);

    const ac = new AbortController();
    const stopped = sleepOn(clock, 1000, ac.signal);
    ac.abort(new Error('stop'));
    await expect(stopped).rejects.toThrow('stop');
    expect(clock.pending).toBe(0);
    await expect(sleepOn(systemClock, 1, AbortSignal.abort(new Error('already')))).rejects.toThrow('already');
  });
});
