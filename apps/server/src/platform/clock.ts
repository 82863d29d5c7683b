/**
 * Time as code that schedules things sees it: the wall clock in production, a clock moved by
 * hand in tests (`ManualClock` in clock.testkit.ts). Code that decides *when* something happens
 * (the job scheduler's fires, ticks, time-outs, retry delays) reads `now()` and sets its timers
 * here, never on `Date.now()` or the global `setTimeout`, so a test can move time instead of
 * sleeping. Measurements of cost (how long a statement took) stay on real time.
 */
declare const timerBrand: unique symbol;
/** A timer set on a clock; only that clock's clearTimeout understands it. */
export type ClockTimer = { readonly [timerBrand]: true };

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
  /** Calls `fn` once `ms` milliseconds of this clock have passed. */
  setTimeout(fn: () => void, ms: number): ClockTimer;
  clearTimeout(timer: ClockTimer | undefined): void;
}

/** The wall clock and Node's timers. */
export const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms) as unknown as ClockTimer,
  clearTimeout: (timer) => {
    if (timer) clearTimeout(timer as unknown as NodeJS.Timeout);
  },
};

/** Waits `ms` on the clock; rejects with the signal's reason when the signal is aborted first. */
export function sleepOn(clock: Clock, ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = clock.setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clock.clearTimeout(timer);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
