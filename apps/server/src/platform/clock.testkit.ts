import type { Clock, ClockTimer } from './clock.ts';

/** Lets the event loop turn a few times: promise chains and I/O callbacks that are ready run. */
export async function turns(n = 3): Promise<void> {
  for (let i = 0; i < n; i++) await new Promise<void>((r) => setImmediate(r));
}

interface Pending {
  at: number;
  seq: number;
  fn: () => void;
}

/**
 * A clock for tests (not a test file itself): time stands still until the test moves it with
 * `advance`. Timers falling due run in time order (ties in the order they were set), each at its
 * own instant, and `settle` is awaited before each one and at the end, so the work a timer starts
 * (database calls, say) is over before time moves on. Real I/O still takes real time; only the
 * clock the code reads is the test's.
 */
export class ManualClock implements Clock {
  private t: number;
  private seq = 0;
  private readonly timers = new Map<object, Pending>();

  constructor(start: number | Date) {
    this.t = typeof start === 'number' ? start : start.getTime();
  }

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): ClockTimer {
    const handle = {};
    this.timers.set(handle, { at: this.t + Math.max(0, Number.isFinite(ms) ? ms : 0), seq: this.seq++, fn });
    return handle as ClockTimer;
  }

  clearTimeout(timer: ClockTimer | undefined): void {
    if (timer) this.timers.delete(timer as unknown as object);
  }

  /** Timers set and not yet run. */
  get pending(): number {
    return this.timers.size;
  }

  /** Moves time forward by `ms` (see the class comment). */
  async advance(ms: number, settle: () => Promise<void> = turns): Promise<void> {
    await this.advanceTo(this.t + ms, settle);
  }

  /** Moves time forward to `target` (never back). */
  async advanceTo(target: number, settle: () => Promise<void> = turns): Promise<void> {
    for (;;) {
      await settle();
      let next: [object, Pending] | undefined;
      for (const e of this.timers) if (e[1].at <= target && (!next || e[1].at < next[1].at || (e[1].at === next[1].at && e[1].seq < next[1].seq))) next = e;
      if (!next) {
        if (this.t >= target) return;
        this.t = target;
        continue;
      }
      this.timers.delete(next[0]);
      this.t = Math.max(this.t, next[1].at);
      next[1].fn();
    }
  }
}
