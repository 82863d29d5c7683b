/**
 * A simulated ZKTeco PUSH gate, for tests, the bench and the demo: a real HTTP client speaking
 * the protocol the devices speak (zkteco.adapter.ts): the handshake (`GET /iclock/cdata`), events
 * pushed as tab-separated ATTLOG or rtlog lines (`POST /iclock/cdata?table=…`), polls for commands
 * (`GET /iclock/getrequest`) and their results (`POST /iclock/devicecmd`).
 *
 * Like a device it keeps what it could not deliver (`offline()`: events queue up; `online()`:
 * they go out, in one batch), and it can misbehave on purpose: resend a batch, send batches out
 * of order, and send lines that cannot be read.
 */
export interface SimEvent {
  pin: string;
  /** Venue wall-clock time `YYYY-MM-DD HH:MM:SS`. */
  time: string;
  /** rtlog: the device's log index (given by the simulator when absent). */
  index?: number;
}

export interface SimAnswer {
  status: number;
  text: string;
}

export class GateSim {
  private nextIndex = 1;
  private queue: SimEvent[] = [];
  private connected = true;
  /** Commands the device received and ran (`CONTROL DEVICE …`), by id. */
  readonly ran: { id: number; command: string }[] = [];

  constructor(
    readonly baseUrl: string,
    readonly sn: string,
  ) {}

  private url(path: string, query: Record<string, string> = {}) {
    const q = new URLSearchParams({ SN: this.sn, ...query });
    return `${this.baseUrl.replace(/\/$/, '')}${path}?${q}`;
  }

  private async call(method: 'GET' | 'POST', path: string, query?: Record<string, string>, body?: string): Promise<SimAnswer> {
    const res = await fetch(this.url(path, query), { method, body, headers: body === undefined ? undefined : { 'content-type': 'text/plain' } });
    return { status: res.status, text: await res.text() };
  }

  /** The first call: the server's options. */
  handshake(): Promise<SimAnswer> {
    return this.call('GET', '/iclock/cdata', { options: 'all', pushver: '2.4.1', language: '83' });
  }

  /** An rtlog line of an event (gives it the next log index when it has none). */
  rtlogLine(e: SimEvent): string {
    const index = e.index ?? this.nextIndex++;
    e.index = index;
    return `time=${e.time}\tpin=${e.pin}\tcardno=0\teventaddr=1\tevent=0\tinoutstatus=0\tverifytype=1\tindex=${index}`;
  }

  /** An ATTLOG line of an event. */
  static attlogLine(e: SimEvent): string {
    return `${e.pin}\t${e.time}\t0\t1\t0\t0\t0`;
  }

  /** Pushes lines as they are (a resend pushes the same lines again). */
  pushLines(table: 'rtlog' | 'ATTLOG' | string, lines: readonly string[]): Promise<SimAnswer> {
    return this.call('POST', '/iclock/cdata', { table, Stamp: String(Date.now()) }, lines.join('\n') + '\n');
  }

  /** Real-time events: pushed now when online, queued when offline. Answers the lines sent (for resends). */
  async event(...events: SimEvent[]): Promise<{ answer?: SimAnswer; lines: string[] }> {
    const lines = events.map((e) => this.rtlogLine(e));
    if (!this.connected) {
      this.queue.push(...events);
      return { lines };
    }
    return { answer: await this.pushLines('rtlog', lines), lines };
  }

  /** The network is gone: events queue on the device. */
  offline(): void {
    this.connected = false;
  }

  /** Back: the queued events go out in one batch (as a device's stamp-based upload does). */
  async online(): Promise<SimAnswer | undefined> {
    this.connected = true;
    const queued = this.queue.splice(0);
    if (!queued.length) return undefined;
    return this.pushLines(
      'rtlog',
      queued.map((e) => this.rtlogLine(e)),
    );
  }

  /** One poll: runs every command received and reports the results. Answers the commands run. */
  async poll(): Promise<{ id: number; command: string }[]> {
    const got = await this.call('GET', '/iclock/getrequest');
    if (got.status !== 200) throw new Error(`getrequest: ${got.status} ${got.text}`);
    const cmds = got.text
      .split('\n')
      .map((l) => /^C:(\d+):(.*)$/.exec(l.trim()))
      .filter((m): m is RegExpExecArray => !!m)
      .map((m) => ({ id: Number(m[1]), command: m[2] }));
    if (cmds.length) {
      this.ran.push(...cmds);
      const body = cmds.map((c) => `ID=${c.id}&Return=0&CMD=${c.command.split(' ').slice(0, 2).join(' ')}`).join('\n');
      const res = await this.call('POST', '/iclock/devicecmd', {}, body);
      if (res.status !== 200) throw new Error(`devicecmd: ${res.status} ${res.text}`);
    }
    return cmds;
  }
}

/** `YYYY-MM-DD HH:MM:SS` of an instant in a time zone (the device's wall clock). */
export function wallClock(at: Date, timeZone = 'Asia/Shanghai'): string {
  const p = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  })
    .formatToParts(at)
    .reduce<Record<string, string>>((acc, x) => ({ ...acc, [x.type]: x.value }), {});
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}
