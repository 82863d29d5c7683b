/**
 * A local e-invoice platform speaking einvoice.protocol.ts, for tests, the bench and the demo
 * (`SEED_DEMO=1`), as the payment simulators are: a node:http server on 127.0.0.1, its state in
 * memory, never started unless asked. It checks every request as the platform does (app key,
 * timestamp, nonce, signature), signs every answer, and issues asynchronously: a new serial is
 * ISSUING, and becomes ISSUED (or FAILED, when told to fail) at its `issueAfterQueries`-th query.
 * Issued invoices have a PDF at `/pdf/<serial>.pdf`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHash, randomBytes } from 'node:crypto';
import { trustSimulatorGateway } from '../commerce/index.ts';
import type { PlatformConfig } from './einvoice.client.ts';
import {
  bodySign,
  CODES,
  fenOf,
  MAX_SKEW_MS,
  METHODS,
  ROUTER_PATH,
  verify,
  type BlueIssue,
  type PlatformStatus,
  type SerialState,
} from './einvoice.protocol.ts';

interface SimSerial {
  serialNo: string;
  requestNo: string;
  kind: 'blue' | 'red';
  /** The hash of what was asked (the same request number with other content is refused). */
  asked: string;
  status: PlatformStatus;
  queries: number;
  /** Queries after which it is done. */
  issueAfter: number;
  failWith?: string;
  invoiceNo?: string;
  issueTime?: string;
  failReason?: string;
  /** A blue invoice's red-letter confirmation; a credit note's blue serial. */
  confirmNo?: string;
  blueSerial?: string;
  amountFen: number;
}

export interface EinvoiceSimOptions {
  port?: number;
  appKey?: string;
  secret?: string;
  /** Queries of a serial after which it is issued (default 1: the first query finds it issued). */
  issueAfterQueries?: number;
}

export interface EinvoiceSimHandle {
  url: string;
  platformConfig(): PlatformConfig;
  /** The next issued invoice (or credit note) fails with this reason. */
  failNext(reason?: string): void;
  /** The next invoice (or credit note) is issued only at its `queries`-th query (a slow platform). */
  slowNext(queries: number): void;
  serial(serialNo: string): SerialState | undefined;
  /** How many blue invoices were asked for with this request number (one serial whatever the retries). */
  serialsOf(requestNo: string): number;
  /** The refusals of bad requests, by code (bad signature: 1002). */
  refusals(): string[];
  close(): Promise<void>;
}

const SELLER_TAX_NO = '91310000MA1FL4XK22';

function minimalPdf(title: string): Buffer {
  const text = title.replace(/[()\\]/g, ' ');
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 420 297] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${text.length + 35} >>\nstream\nBT /F1 14 Tf 30 250 Td (${text}) Tj ET\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function startEinvoiceSimulator(opts: EinvoiceSimOptions = {}): Promise<EinvoiceSimHandle> {
  const appKey = opts.appKey ?? `sim${randomBytes(6).toString('hex')}`;
  const secret = opts.secret ?? randomBytes(24).toString('hex');
  const issueAfter = opts.issueAfterQueries ?? 1;
  const serials = new Map<string, SimSerial>();
  const byRequest = new Map<string, SimSerial>();
  const confirms = new Map<string, SimSerial>();
  const nonces = new Map<string, number>();
  const refused: string[] = [];
  let failNext: string | undefined;
  let slowNext: number | undefined;
  let seq = 0;
  let url = '';

  const answer = (code: string, msg: string, data?: unknown) => {
    if (code !== CODES.ok) refused.push(code);
    return JSON.stringify({ code, msg, data });
  };
  const newSerial = (): string => `SN${Date.now()}${String(++seq).padStart(6, '0')}`;
  const stateOf = (s: SimSerial): SerialState => ({
    serialNo: s.serialNo,
    requestNo: s.requestNo,
    status: s.status,
    invoiceNo: s.invoiceNo,
    issueTime: s.issueTime,
    pdfUrl: s.status === 'ISSUED' ? `${url}/pdf/${s.serialNo}.pdf` : undefined,
    failReason: s.failReason,
  });
  const add = (s: Omit<SimSerial, 'serialNo' | 'status' | 'queries' | 'failWith' | 'issueAfter'>): SimSerial => {
    const serial: SimSerial = { ...s, serialNo: newSerial(), status: 'ISSUING', queries: 0, failWith: failNext, issueAfter: slowNext ?? issueAfter };
    failNext = undefined;
    slowNext = undefined;
    serials.set(serial.serialNo, serial);
    byRequest.set(serial.requestNo, serial);
    return serial;
  };

  /** A blue invoice's content: the amounts add up, and each line's tax is its amount's share at its rate, to the fen. */
  function checkBlue(b: BlueIssue): string | undefined {
    if (!b.requestNo || !b.buyerName || !Array.isArray(b.items) || !b.items.length) return 'requestNo, buyerName and items are required';
    if (b.buyerType === '1' && !b.buyerTaxNo) return 'a company buyer needs its tax number';
    let amount = 0;
    let tax = 0;
    for (const it of b.items) {
      const a = fenOf(it.amount);
      const t = fenOf(it.tax);
      const rate = Number(it.taxRate);
      if (a === undefined || t === undefined || !(rate >= 0 && rate < 1)) return `bad line ${it.name}`;
      if (Math.abs(t - (a * rate) / (1 + rate)) > 1) return `the tax of ${it.name} is off`;
      amount += a;
      tax += t;
    }
    if (amount !== fenOf(b.totalAmount) || tax !== fenOf(b.totalTax)) return 'the lines do not add up to the totals';
    return undefined;
  }

  function handle(method: string, biz: Record<string, unknown>): string {
    switch (method) {
      case 'invoice.blue.issue': {
        const b = biz as unknown as BlueIssue;
        const bad = checkBlue(b);
        if (bad) return answer(CODES.amounts, bad);
        const asked = createHash('sha256').update(JSON.stringify(b)).digest('hex');
        const seen = byRequest.get(b.requestNo);
        // The request number is the idempotency key: the same request answers the same serial.
        if (seen)
          return seen.asked === asked
            ? answer(CODES.ok, 'ok', { serialNo: seen.serialNo, status: seen.status })
            : answer(CODES.requestNoUsed, 'requestNo already used');
        const s = add({ requestNo: b.requestNo, kind: 'blue', asked, amountFen: fenOf(b.totalAmount)! });
        return answer(CODES.ok, 'ok', { serialNo: s.serialNo, status: s.status });
      }
      case 'invoice.query': {
        const s = serials.get(String(biz.serialNo ?? ''));
        if (!s) return answer(CODES.notFound, 'no such serial');
        s.queries += 1;
        if (s.status === 'ISSUING' && s.queries >= s.issueAfter) {
          if (s.failWith) {
            s.status = 'FAILED';
            s.failReason = s.failWith;
          } else {
            s.status = 'ISSUED';
            s.invoiceNo = `${new Date().getFullYear()}${String(Date.now()).slice(-8)}${String(seq++).padStart(10, '0')}`.slice(0, 20);
            s.issueTime = new Date().toISOString();
          }
        }
        return answer(CODES.ok, 'ok', stateOf(s));
      }
      case 'invoice.red.confirm': {
        const s = serials.get(String(biz.serialNo ?? ''));
        if (!s || s.kind !== 'blue') return answer(CODES.notFound, 'no such invoice');
        if (s.status !== 'ISSUED') return answer(CODES.badState, 'only an issued invoice can be credited');
        s.confirmNo ??= `HZ${Date.now()}${String(++seq).padStart(6, '0')}`;
        confirms.set(s.confirmNo, s);
        return answer(CODES.ok, 'ok', { confirmNo: s.confirmNo, status: 'CONFIRMED' });
      }
      case 'invoice.red.issue': {
        const blue = confirms.get(String(biz.confirmNo ?? ''));
        const requestNo = String(biz.requestNo ?? '');
        if (!blue || !requestNo) return answer(CODES.notFound, 'no such confirmation');
        const asked = `red:${blue.serialNo}`;
        const seen = byRequest.get(requestNo);
        if (seen)
          return seen.asked === asked
            ? answer(CODES.ok, 'ok', { serialNo: seen.serialNo, status: seen.status })
            : answer(CODES.requestNoUsed, 'requestNo already used');
        const s = add({ requestNo, kind: 'red', asked, blueSerial: blue.serialNo, amountFen: -blue.amountFen });
        return answer(CODES.ok, 'ok', { serialNo: s.serialNo, status: s.status });
      }
      default:
        return answer(CODES.badMethod, 'unknown method');
    }
  }

  function router(body: string): string {
    const params = Object.fromEntries(new URLSearchParams(body)) as Record<string, string>;
    if (params.appKey !== appKey) return answer(CODES.badAppKey, 'unknown appKey');
    if (!verify(params, secret)) return answer(CODES.badSign, 'invalid signature');
    const ts = Number(params.timestamp);
    if (!Number.isFinite(ts) || Math.abs(Date.now() - ts) > MAX_SKEW_MS) return answer(CODES.badParams, 'timestamp out of range');
    if (!/^[0-9a-f]{32}$/.test(params.nonce ?? '') || nonces.has(params.nonce!)) return answer(CODES.replay, 'nonce already used');
    nonces.set(params.nonce!, ts);
    if (nonces.size > 100_000) for (const [n, at] of nonces) if (Date.now() - at > MAX_SKEW_MS) nonces.delete(n);
    if (!(METHODS as readonly string[]).includes(params.method ?? '')) return answer(CODES.badMethod, 'unknown method');
    let biz: Record<string, unknown>;
    try {
      biz = JSON.parse(params.bizContent ?? '') as Record<string, unknown>;
    } catch {
      return answer(CODES.badParams, 'bizContent must be JSON');
    }
    return handle(params.method!, biz);
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
      const pdf = /^\/pdf\/([A-Za-z0-9]+)\.pdf$/.exec(path);
      if (req.method === 'POST' && path === ROUTER_PATH) {
        const body = router(Buffer.concat(chunks).toString('utf8'));
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'x-sign': bodySign(body, secret) });
        res.end(body);
      } else if (req.method === 'GET' && pdf && serials.get(pdf[1]!)?.status === 'ISSUED') {
        const s = serials.get(pdf[1]!)!;
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(minimalPdf(`${s.kind === 'red' ? 'Credit note' : 'Invoice'} ${s.invoiceNo} ${(s.amountFen / 100).toFixed(2)} CNY`));
      } else {
        res.writeHead(404, { 'content-type': 'text/plain' });
        res.end('not found');
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, '127.0.0.1', () => resolve());
  });
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The server process that started the simulator may call it, through exactly this gateway URL.
  const untrust = trustSimulatorGateway(url);
  return {
    url,
    platformConfig: () => ({ gateway: url, appKey, secret, sellerTaxNo: SELLER_TAX_NO, sellerName: '模拟体育中心有限公司' }),
    failNext: (reason = '购方信息校验不通过') => void (failNext = reason),
    slowNext: (queries) => void (slowNext = queries),
    serial: (no) => {
      const s = serials.get(no);
      return s && stateOf(s);
    },
    serialsOf: (requestNo) => [...serials.values()].filter((s) => s.requestNo === requestNo).length,
    refusals: () => [...refused],
    close: async () => {
      untrust();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
