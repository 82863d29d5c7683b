/**
 * What the three payment simulators share: a node:http server on 127.0.0.1, the trades and
 * refunds kept in memory, the customer's cashier page, the notifier that posts signed
 * notifications with retries like a real provider, the micropay rules for test auth codes, and
 * the control endpoints and functions tests use. Each provider's file adds its own wire protocol
 * (signatures, paths, answers, notification format, bill format) through `SimProtocol`.
 *
 * Never started unless asked: `startPaySimulators()` (simulators/index.ts) or one provider's start.
 */
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { fenToYuan, cstDay } from '../money.ts';
import type { MerchantConfig, ProviderName } from '../provider.ts';
import { trustSimulatorGateway } from '../http.ts';

export type SimTradeState = 'waiting' | 'succeeded' | 'closed' | 'failed' | 'reversed';

export interface SimRefund {
  outRefundNo: string;
  refundNo: string;
  amountFen: number;
  state: 'processing' | 'succeeded';
  reason?: string;
  notifyUrl?: string;
  at: Date;
}

export interface SimTrade {
  outTradeNo: string;
  /** The provider's trade number. */
  tradeNo: string;
  amountFen: number;
  subject: string;
  notifyUrl?: string;
  kind: 'qr' | 'barcode';
  state: SimTradeState;
  createdAt: Date;
  expiresAt?: Date;
  paidAt?: Date;
  closedAt?: Date;
  authCode?: string;
  /** Paying barcode trades: queries left until the customer "confirms" by themselves. */
  confirmAfterQueries?: number;
  queries: number;
  failReason?: string;
  refunds: SimRefund[];
  /** The last genuine notification sent for the trade (replayed by the controls). */
  lastNotification?: OutgoingNotification;
  /** Protocol-specific fields (WeChat trade type, ...). */
  extra: Record<string, string>;
}

export interface OutgoingNotification {
  notifyId: string;
  kind: 'pay' | 'refund';
  outTradeNo: string;
  url: string;
  headers: Record<string, string>;
  body: string;
  /** Fresh signature headers for each delivery (WeChat signs every push anew); absent: the same headers each time. */
  resign?: () => Record<string, string>;
}

/** One delivery attempt of a notification, and what our server answered. */
export interface SentNotification {
  notifyId: string;
  kind: 'pay' | 'refund';
  /** genuine | replay | bad-signature | wrong-amount | tampered */
  label: string;
  outTradeNo: string;
  attempt: number;
  status: number;
  answer: string;
  accepted: boolean;
  at: Date;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  body: string | Buffer;
}

export interface SimRequest {
  method: string;
  /** Path with query, as sent. */
  url: string;
  path: string;
  query: URLSearchParams;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** The provider-specific half of a simulator. */
export interface SimProtocol {
  readonly provider: ProviderName;
  /** The provider's API; undefined: not one of its routes (404). */
  handle(req: SimRequest, sim: SimCore): Promise<Reply | undefined> | Reply | undefined;
  /** A signed notification of the trade's payment; `amountFen` overrides the amount (wrong-amount tests). */
  payNotification(trade: SimTrade, opts: { amountFen?: number }): OutgoingNotification | undefined;
  /** A signed refund notification, for the providers that send them. */
  refundNotification(trade: SimTrade, refund: SimRefund): OutgoingNotification | undefined;
  /** The same notification with its signature broken (bad-signature tests). */
  breakSignature(n: OutgoingNotification): OutgoingNotification;
  /** Whether our server's answer means "received" (the provider stops retrying). */
  accepted(status: number, body: string): boolean;
  /** The day's statement, in the provider's format. */
  bill(day: string, sim: SimCore): string;
  /** The merchant settings a server needs to talk to this simulator. */
  merchantConfig(baseUrl: string): MerchantConfig;
  /** Whether an auth code is one of this provider's customer codes (18 digits, its prefixes). */
  authCodeValid(code: string): boolean;
}

export interface SimOptions {
  port?: number;
  /** Delays before each delivery attempt of a genuine notification, in ms (default 0, 300, 1000, 3000). */
  notifyRetryDelaysMs?: number[];
  /** Queries after which a paying barcode trade completes by itself (default 2). */
  micropayConfirmAfterQueries?: number;
}

/**
 * The fee a simulated provider charges on an amount: a trade's own `extra.feeFen` (a test makes a
 * fee differ), else the rate in millionths, half up to the fen.
 */
export function simFeeFen(amountFen: number, ratePpm: number, own?: string): number {
  if (own !== undefined) return Number(own);
  return Math.floor((amountFen * ratePpm + 500_000) / 1_000_000);
}

/** The rates the simulators charge (millionths): 0.6 % for Alipay and WeChat Pay, 0.38 % for the aggregator. */
export const SIM_FEE_PPM = { alipay: 6000, wechat: 6000, aggregate: 3800 } as const;

export function newId(prefix = ''): string {
  return prefix + Date.now().toString() + randomBytes(5).toString('hex');
}

export function digits(n: number): string {
  let s = '';
  while (s.length < n) s += String(randomBytes(4).readUInt32BE(0));
  return s.slice(0, n);
}

/** How a micropay auth code behaves in every simulator. */
export type MicropayOutcome = 'paid' | 'paying' | 'insufficient' | 'invalid';

export class SimCore {
  readonly trades = new Map<string, SimTrade>();
  readonly sent: SentNotification[] = [];
  private readonly pending = new Set<Promise<unknown>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private nextPaying: number | undefined;
  private closed = false;
  readonly retryDelays: number[];
  readonly confirmAfter: number;

  constructor(
    readonly protocol: SimProtocol,
    opts: SimOptions,
  ) {
    this.retryDelays = opts.notifyRetryDelaysMs ?? [0, 300, 1000, 3000];
    this.confirmAfter = opts.micropayConfirmAfterQueries ?? 2;
  }

  // --- trades ---------------------------------------------------------------------------------

  /** A trade, closed first when its time is up and nobody paid. */
  trade(outTradeNo: string): SimTrade | undefined {
    const t = this.trades.get(outTradeNo);
    if (t && t.state === 'waiting' && t.expiresAt && t.expiresAt.getTime() < Date.now()) {
      t.state = 'closed';
      t.closedAt = new Date();
    }
    return t;
  }

  addTrade(t: Omit<SimTrade, 'createdAt' | 'queries' | 'refunds' | 'state' | 'extra'> & Partial<Pick<SimTrade, 'state' | 'extra'>>): SimTrade {
    const trade: SimTrade = { state: 'waiting', extra: {}, ...t, createdAt: new Date(), queries: 0, refunds: [] };
    this.trades.set(t.outTradeNo, trade);
    return trade;
  }

  /** Micropay: what a customer code does. The next-paying switch of the controls wins over the code. */
  micropayOutcome(code: string): MicropayOutcome {
    if (!this.protocol.authCodeValid(code)) return 'invalid';
    if (this.nextPaying !== undefined) return 'paying';
    if (code.endsWith('9999')) return 'insufficient';
    if (code.endsWith('0000')) return 'paying';
    return 'paid';
  }

  /** Starts a barcode trade by the rules of its auth code. */
  micropay(t: Omit<SimTrade, 'createdAt' | 'queries' | 'refunds' | 'state' | 'extra' | 'kind'> & { authCode: string; extra?: Record<string, string> }): {
    trade: SimTrade;
    outcome: MicropayOutcome;
  } {
    const outcome = this.micropayOutcome(t.authCode);
    const trade = this.addTrade({ ...t, kind: 'barcode' });
    if (outcome === 'paid') this.markPaid(trade);
    else if (outcome === 'paying') {
      trade.confirmAfterQueries = this.nextPaying ?? this.confirmAfter;
      this.nextPaying = undefined;
    } else {
      trade.state = 'failed';
      trade.failReason = outcome === 'insufficient' ? 'insufficient balance' : 'invalid auth code';
    }
    return { trade, outcome };
  }

  /** A query of a paying barcode trade counts towards its customer's confirmation. */
  countQuery(trade: SimTrade): void {
    trade.queries += 1;
    if (trade.state === 'waiting' && trade.kind === 'barcode' && trade.confirmAfterQueries !== undefined && trade.queries >= trade.confirmAfterQueries) {
      this.pay(trade.outTradeNo).catch(() => {});
    }
  }

  private markPaid(trade: SimTrade): void {
    trade.state = 'succeeded';
    trade.paidAt = new Date();
  }

  /**
   * The customer pays (cashier page, or confirming a barcode). Sends the notification with
   * retries; resolves with its first delivery attempt (undefined: no notify URL, or `notify: false`
   * to hold it back, e.g. for a late notification sent later with `notify`).
   */
  async pay(outTradeNo: string, opts: { notify?: boolean } = {}): Promise<SentNotification | undefined> {
    const trade = this.trade(outTradeNo);
    if (!trade) throw new Error(`no trade ${outTradeNo}`);
    if (trade.state !== 'waiting') throw new Error(`trade ${outTradeNo} is ${trade.state}`);
    this.markPaid(trade);
    if (opts.notify === false) return undefined;
    return this.notifyPay(trade);
  }

  /** Sends a fresh genuine notification of the trade's payment (a late one, or a repeat with a new id). */
  async notifyPay(trade: SimTrade, label = 'genuine'): Promise<SentNotification | undefined> {
    const n = this.protocol.payNotification(trade, {});
    if (!n) return undefined;
    trade.lastNotification = n;
    return this.deliverWithRetries(n, label);
  }

  refundable(trade: SimTrade): number {
    return trade.amountFen - trade.refunds.reduce((s, r) => s + r.amountFen, 0);
  }

  /** Records a refund (the caller has checked the amount); sends its notification if the provider does. */
  addRefund(trade: SimTrade, r: Omit<SimRefund, 'at' | 'refundNo' | 'state'> & { state?: SimRefund['state'] }): SimRefund {
    const refund: SimRefund = { state: 'succeeded', ...r, refundNo: newId('R'), at: new Date() };
    trade.refunds.push(refund);
    const n = this.protocol.refundNotification(trade, refund);
    if (n) this.deliverWithRetries(n, 'genuine').catch(() => {});
    return refund;
  }

  findRefund(trade: SimTrade, outRefundNo: string): SimRefund | undefined {
    return trade.refunds.find((r) => r.outRefundNo === outRefundNo);
  }

  // --- notifications --------------------------------------------------------------------------

  private track<T>(p: Promise<T>): Promise<T> {
    this.pending.add(p);
    p.finally(() => this.pending.delete(p)).catch(() => {});
    return p;
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const t = setTimeout(() => {
        this.timers.delete(t);
        resolve();
      }, ms);
      this.timers.add(t);
    });
  }

  /** One delivery attempt. */
  async deliverOnce(n: OutgoingNotification, label: string, attempt = 1): Promise<SentNotification> {
    let status = 0;
    let answer: string;
    try {
      const headers = n.resign ? { ...n.headers, ...n.resign() } : n.headers;
      const res = await simulatorPost(n.url, headers, n.body);
      status = res.status;
      answer = res.text;
    } catch (e) {
      answer = `(no answer: ${(e as Error).message})`;
    }
    const rec: SentNotification = {
      notifyId: n.notifyId,
      kind: n.kind,
      label,
      outTradeNo: n.outTradeNo,
      attempt,
      status,
      answer,
      accepted: status !== 0 && this.protocol.accepted(status, answer),
      at: new Date(),
    };
    this.sent.push(rec);
    return rec;
  }

  /** Delivers until accepted or the attempts are used up; resolves with the first attempt. */
  deliverWithRetries(n: OutgoingNotification, label: string): Promise<SentNotification> {
    let resolveFirst!: (r: SentNotification) => void;
    const first = new Promise<SentNotification>((r) => (resolveFirst = r));
    const run = async () => {
      for (let i = 0; i < this.retryDelays.length && !this.closed; i++) {
        await this.sleep(this.retryDelays[i]!);
        if (this.closed) break;
        const rec = await this.deliverOnce(n, i === 0 ? label : 'retry', i + 1);
        if (i === 0) resolveFirst(rec);
        if (rec.accepted) return;
      }
    };
    this.track(run());
    return first;
  }

  /** Replays the last genuine notification of a trade `times` times (one attempt each). */
  async replay(outTradeNo: string, times = 1, opts: { concurrent?: boolean } = {}): Promise<SentNotification[]> {
    const n = this.trade(outTradeNo)?.lastNotification;
    if (!n) throw new Error(`no notification was sent for ${outTradeNo}`);
    if (opts.concurrent) return Promise.all(Array.from({ length: times }, () => this.track(this.deliverOnce(n, 'replay'))));
    const out: SentNotification[] = [];
    for (let i = 0; i < times; i++) out.push(await this.track(this.deliverOnce(n, 'replay')));
    return out;
  }

  /** A pay notification of the trade whose signature does not verify (one attempt). */
  async sendBadSignature(outTradeNo: string): Promise<SentNotification> {
    const trade = this.mustTrade(outTradeNo);
    const n = this.protocol.payNotification(trade, {});
    if (!n) throw new Error(`trade ${outTradeNo} has no notify URL`);
    return this.track(this.deliverOnce(this.protocol.breakSignature(n), 'bad-signature'));
  }

  /** A correctly signed pay notification with another amount (default: one fen more). */
  async sendWrongAmount(outTradeNo: string, amountFen?: number): Promise<SentNotification> {
    const trade = this.mustTrade(outTradeNo);
    const n = this.protocol.payNotification(trade, { amountFen: amountFen ?? trade.amountFen + 1 });
    if (!n) throw new Error(`trade ${outTradeNo} has no notify URL`);
    return this.track(this.deliverOnce(n, 'wrong-amount'));
  }

  /** The genuine notification with one byte of the body changed after signing. */
  async sendTampered(outTradeNo: string): Promise<SentNotification> {
    const trade = this.mustTrade(outTradeNo);
    const n = this.protocol.payNotification(trade, {});
    if (!n) throw new Error(`trade ${outTradeNo} has no notify URL`);
    return this.track(this.deliverOnce({ ...n, body: tamper(n.body), resign: undefined }, 'tampered'));
  }

  mustTrade(outTradeNo: string): SimTrade {
    const t = this.trade(outTradeNo);
    if (!t) throw new Error(`no trade ${outTradeNo}`);
    return t;
  }

  /** Makes the next micropay answer "paying"; it completes after `afterQueries` queries (or `pay`). */
  nextMicropayPaying(afterQueries = this.confirmAfter): void {
    this.nextPaying = afterQueries;
  }

  notifications(outTradeNo?: string): SentNotification[] {
    return outTradeNo ? this.sent.filter((s) => s.outTradeNo === outTradeNo) : [...this.sent];
  }

  /** Waits until every notification in flight (with its retries) is done. */
  async idle(): Promise<void> {
    while (this.pending.size) await Promise.allSettled([...this.pending]);
  }

  /** Runs `fn` after `ms` unless the simulator stops first. */
  later(ms: number, fn: () => void): void {
    this.track(
      this.sleep(ms).then(() => {
        if (!this.closed) fn();
      }),
    );
  }

  stop(): void {
    this.closed = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  /** Trades paid, and refunds made, on a day (China time). */
  dayLines(day: string): { paid: SimTrade[]; refunds: { trade: SimTrade; refund: SimRefund }[] } {
    const paid = [...this.trades.values()].filter((t) => t.paidAt && cstDay(t.paidAt) === day);
    const refunds = [...this.trades.values()].flatMap((trade) => trade.refunds.filter((r) => cstDay(r.at) === day).map((refund) => ({ trade, refund })));
    return { paid, refunds };
  }
}

/** Changes the body after signing: a digit of the amount, or else the first digit, or else the last character. */
export function tamper(body: string): string {
  const amount = /total_amount(?:=|":")(\d)/.exec(body);
  const i = amount ? amount.index + amount[0].length - 1 : body.search(/\d/);
  if (i >= 0) return body.slice(0, i) + String((Number(body[i]) + 1) % 10) + body.slice(i + 1);
  return body.slice(0, -1) + (body.endsWith('x') ? 'y' : 'x');
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

function cashierPage(sim: SimCore, trade: SimTrade, returnUrl: string | undefined): string {
  const name = { alipay: '支付宝 Alipay', wechat: '微信支付 WeChat Pay', aggregate: '聚合支付 Aggregated' }[sim.protocol.provider];
  const q = returnUrl ? `?return=${encodeURIComponent(returnUrl)}` : '';
  const action = `/cashier/${encodeURIComponent(trade.outTradeNo)}/pay${q}`;
  const state = {
    waiting: `<form method="post" action="${escapeHtml(action)}"><button id="sim-pay" type="submit">确认支付 Pay</button></form>`,
    succeeded: '<p id="sim-state">已支付 Paid</p>',
    closed: '<p id="sim-state">交易已关闭 Closed</p>',
    failed: '<p id="sim-state">支付失败 Failed</p>',
    reversed: '<p id="sim-state">交易已撤销 Reversed</p>',
  }[trade.state];
  const back = returnUrl && trade.state !== 'waiting' ? `<p><a id="sim-return" href="${escapeHtml(returnUrl)}">返回商户 Back</a></p>` : '';
  return `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(name)} · 收银台</title></head><body style="font-family:sans-serif;max-width:24rem;margin:2rem auto;text-align:center">
<h1>${escapeHtml(name)}</h1><p>模拟收银台 Simulated cashier</p>
<p id="sim-subject">${escapeHtml(trade.subject)}</p>
<p id="sim-amount" style="font-size:2rem">¥${fenToYuan(trade.amountFen)}</p>
${state}${back}</body></html>`;
}

function safeReturn(url: string | null): string | undefined {
  if (!url) return undefined;
  try {
    const u = new URL(url);
    return u.protocol === 'http:' || u.protocol === 'https:' ? u.toString() : undefined;
  } catch {
    return undefined;
  }
}

const json = (status: number, v: unknown): Reply => ({ status, headers: { 'content-type': 'application/json; charset=utf-8' }, body: JSON.stringify(v) });

/** The control endpoints under /sim/ (JSON in, JSON out), the same functions as the handle's. */
async function control(sim: SimCore, req: SimRequest): Promise<Reply> {
  let b: Record<string, any> = {};
  if (req.body) {
    try {
      b = JSON.parse(req.body);
    } catch {
      return json(400, { error: 'body must be JSON' });
    }
  }
  const no = String(b.outTradeNo ?? req.query.get('outTradeNo') ?? '');
  try {
    switch (`${req.method} ${req.path}`) {
      case 'POST /sim/pay':
        return json(200, { sent: (await sim.pay(no, { notify: b.notify !== false })) ?? null });
      case 'POST /sim/micropay-paying':
        sim.nextMicropayPaying(b.afterQueries === undefined ? undefined : Number(b.afterQueries));
        return json(200, { ok: true });
      case 'POST /sim/replay':
        return json(200, { sent: await sim.replay(no, Number(b.times ?? 1), { concurrent: !!b.concurrent }) });
      case 'POST /sim/bad-signature':
        return json(200, { sent: await sim.sendBadSignature(no) });
      case 'POST /sim/wrong-amount':
        return json(200, { sent: await sim.sendWrongAmount(no, b.amountFen === undefined ? undefined : Number(b.amountFen)) });
      case 'POST /sim/tampered':
        return json(200, { sent: await sim.sendTampered(no) });
      case 'POST /sim/notify':
        return json(200, { sent: (await sim.notifyPay(sim.mustTrade(no))) ?? null });
      case 'GET /sim/notifications':
        return json(200, { sent: sim.notifications(no || undefined) });
      case 'GET /sim/trade': {
        const t = sim.trade(no);
        return t ? json(200, { ...t, lastNotification: undefined }) : json(404, { error: 'no such trade' });
      }
      default:
        return json(404, { error: 'no such control' });
    }
  } catch (e) {
    return json(409, { error: (e as Error).message });
  }
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 1024 * 1024) req.destroy(new Error('body too large'));
      else chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export interface RunningSim {
  url: string;
  sim: SimCore;
  close(): Promise<void>;
}

/** The simulator plays the provider: it posts its notifications with plain node:http (not the server's outbound client). */
function simulatorPost(url: string, headers: Record<string, string>, body: string): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const data = Buffer.from(body, 'utf8');
    const req = (url.startsWith('https:') ? https : http).request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(data.length) }, timeout: 10_000 },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('time-out')));
    req.on('error', reject);
    req.end(data);
  });
}

/** Starts the HTTP server of a simulator on 127.0.0.1. */
export async function serveSim(protocol: SimProtocol, opts: SimOptions): Promise<RunningSim> {
  const sim = new SimCore(protocol, opts);
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      const u = new URL(req.url ?? '/', 'http://127.0.0.1');
      const r: SimRequest = { method: req.method ?? 'GET', url: req.url ?? '/', path: u.pathname, query: u.searchParams, headers: req.headers, body };
      let reply: Reply | undefined;
      const cashier = /^\/cashier\/([^/]+)(\/pay)?$/.exec(r.path);
      if (cashier) {
        const no = decodeURIComponent(cashier[1]!);
        const trade = sim.trade(no);
        const ret = safeReturn(u.searchParams.get('return'));
        if (!trade)
          reply = {
            status: 404,
            headers: { 'content-type': 'text/html; charset=utf-8' },
            body: '<!doctype html><p id="sim-state">没有这笔交易 No such trade</p>',
          };
        else if (cashier[2] && r.method === 'POST') {
          if (trade.state === 'waiting') {
            // Wait (a little) for the first delivery, so the merchant knows before the customer returns.
            const first = sim.pay(no);
            await Promise.race([first, new Promise((resolve) => setTimeout(resolve, 5000))]);
          }
          reply = ret
            ? { status: 303, headers: { location: ret }, body: '' }
            : { status: 303, headers: { location: `/cashier/${encodeURIComponent(no)}` }, body: '' };
        } else reply = { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: cashierPage(sim, trade, ret) };
      } else if (r.path.startsWith('/sim/')) reply = await control(sim, r);
      else reply = await protocol.handle(r, sim);
      reply ??= { status: 404, headers: { 'content-type': 'text/plain' }, body: 'not found' };
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body);
    })().catch((e) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String((e as Error).message));
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sim,
    close: async () => {
      sim.stop();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The handle every simulator returns: its URL, merchant settings, the controls, and close. */
export interface SimHandle {
  provider: ProviderName;
  url: string;
  merchantConfig(): MerchantConfig;
  /** The customer pays a waiting trade (QR scanned, or barcode password). Resolves with the first delivery of its notification. */
  pay(outTradeNo: string, opts?: { notify?: boolean }): Promise<SentNotification | undefined>;
  /** The next micropay answers "paying" and completes after `afterQueries` queries (or `pay`). */
  nextMicropayPaying(afterQueries?: number): void;
  /** Replays the last notification of the trade. */
  replay(outTradeNo: string, times?: number, opts?: { concurrent?: boolean }): Promise<SentNotification[]>;
  sendBadSignature(outTradeNo: string): Promise<SentNotification>;
  sendWrongAmount(outTradeNo: string, amountFen?: number): Promise<SentNotification>;
  sendTampered(outTradeNo: string): Promise<SentNotification>;
  /** A fresh notification of the trade's payment (e.g. a late one after `pay(no, { notify: false })`). */
  notify(outTradeNo: string): Promise<SentNotification | undefined>;
  notifications(outTradeNo?: string): SentNotification[];
  trade(outTradeNo: string): SimTrade | undefined;
  /** Waits for the notifications in flight. */
  idle(): Promise<void>;
  /**
   * Trades the provider holds without their having gone through the API (reconciliation tests and
   * the bench): each paid at `paidAt`, with its refunds; `feeFen` overrides the fee the bill shows.
   */
  record(trades: RecordedTrade[]): void;
  close(): Promise<void>;
}

export interface RecordedTrade {
  outTradeNo: string;
  amountFen: number;
  paidAt: Date;
  feeFen?: number;
  refunds?: { outRefundNo: string; amountFen: number; at: Date }[];
}

export function handleOf(provider: ProviderName, run: RunningSim, merchantConfig: () => MerchantConfig): SimHandle {
  const { sim } = run;
  // The server process that started the simulator may call it, through exactly this gateway URL.
  const untrust = trustSimulatorGateway(merchantConfig().gateway);
  return {
    provider,
    url: run.url,
    merchantConfig,
    pay: (no, opts) => sim.pay(no, opts),
    nextMicropayPaying: (n) => sim.nextMicropayPaying(n),
    replay: (no, times, opts) => sim.replay(no, times, opts),
    sendBadSignature: (no) => sim.sendBadSignature(no),
    sendWrongAmount: (no, amount) => sim.sendWrongAmount(no, amount),
    sendTampered: (no) => sim.sendTampered(no),
    notify: (no) => sim.notifyPay(sim.mustTrade(no)),
    notifications: (no) => sim.notifications(no),
    trade: (no) => sim.trade(no),
    idle: () => sim.idle(),
    record: (trades) => {
      for (const r of trades) {
        const t = sim.addTrade({
          outTradeNo: r.outTradeNo,
          tradeNo: newId('T'),
          amountFen: r.amountFen,
          subject: '对账',
          kind: 'qr',
          state: 'succeeded',
          extra: r.feeFen === undefined ? {} : { feeFen: String(r.feeFen) },
        });
        t.paidAt = r.paidAt;
        for (const f of r.refunds ?? [])
          t.refunds.push({ outRefundNo: f.outRefundNo, refundNo: newId('R'), amountFen: f.amountFen, state: 'succeeded', at: f.at });
      }
    },
    close: () => {
      untrust();
      return run.close();
    },
  };
}
