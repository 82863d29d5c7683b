/**
 * A simulated golf bay controller, for tests and the demo: a real HTTP client calling
 * `POST /golf/state?SN=<sn>` as the controller does, every `heartbeat` while running (so the bay
 * stays online) and at once when its state changes (`fault('BALL_JAM')`, `ok()`).
 */
export class GolfSim {
  private state: 'ok' | 'fault' = 'ok';
  private code: string | null = null;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(
    readonly baseUrl: string,
    readonly sn: string,
  ) {}

  /** One report of the current state; answers the server's status and text. */
  async report(): Promise<{ status: number; text: string }> {
    const body = this.code ? `state=${this.state}\ncode=${this.code}\n` : `state=${this.state}\n`;
    const res = await fetch(`${this.baseUrl.replace(/\/$/, '')}/golf/state?SN=${encodeURIComponent(this.sn)}`, {
      method: 'POST',
      body,
      headers: { 'content-type': 'text/plain' },
    });
    return { status: res.status, text: await res.text() };
  }

  /** The controller reports a fault (a ball jam, a sensor gone). */
  fault(code = 'FAULT'): Promise<{ status: number; text: string }> {
    this.state = 'fault';
    this.code = code;
    return this.report();
  }

  /** The fault is cleared. */
  ok(): Promise<{ status: number; text: string }> {
    this.state = 'ok';
    this.code = null;
    return this.report();
  }

  /** Reports every `ms` until stopped (a controller's heartbeat). */
  start(ms = 30_000): void {
    this.stop();
    this.timer = setInterval(() => void this.report().catch(() => undefined), ms);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
  }
}
