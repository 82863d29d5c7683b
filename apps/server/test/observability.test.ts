import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databases, startServer, type TestServer } from './harness.ts';

const TOKEN = 'scrape-token-0123456789';

/** Issue 32, observability: `/metrics` for an operator's Prometheus, and a request id that ties an answer to its log lines. */
describe.each(databases)('observability on %s', (kind) => {
  let s: TestServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    s = await startServer(kind, { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' }, { logStream: { write: (line: string) => logLines.push(line) } });
  });
  afterAll(async () => s?.close());

  const scrape = (o: { remoteAddress?: string; authorization?: string } = {}) =>
    s.app.inject({ method: 'GET', url: '/metrics', remoteAddress: o.remoteAddress, headers: o.authorization ? { authorization: o.authorization } : {} });
  const value = (text: string, series: string) => {
    const line = text.split('\n').find((l) => l.startsWith(`${series} `));
    return line === undefined ? undefined : Number(line.slice(series.length + 1));
  };

  it('counts requests by route pattern, never by raw URL', async () => {
    const before = value((await scrape()).body, 'venue_http_requests_total{method="GET",route="/healthz",status="2xx"}') ?? 0;
    await s.app.inject({ method: 'GET', url: '/healthz' });
    await s.app.inject({ method: 'GET', url: '/healthz' });
    await s.app.inject({ method: 'GET', url: '/api/no/such/thing/4711' });
    const text = (await scrape()).body;
    expect(value(text, 'venue_http_requests_total{method="GET",route="/healthz",status="2xx"}')).toBe(before + 2);
    expect(text).toMatch(/venue_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/healthz"\} \d+/);
    expect(text).not.toContain('4711');
    expect(value(text, 'venue_http_requests_total{method="GET",route="unmatched",status="4xx"}')).toBeGreaterThanOrEqual(1);
  });

  it("reads the modules' figures: message queue depth and age, holds pending, job lag", async () => {
    const [org] = await s.database.query<{ id: number }>(`select id from sys_org order by id limit 1`);
    await s.database.query(
      `insert into msg_send (org_id, business_code, channel, lang, content, status, next_at) values ($1, 'test', 'station', 'zh-CN', 'x', 'pending', now() - interval '90 seconds')`,
      [org!.id],
    );
    const text = (await scrape()).body;
    expect(value(text, 'venue_message_queue_depth')).toBe(1);
    expect(value(text, 'venue_message_outbox_lag_seconds')).toBeGreaterThanOrEqual(90);
    expect(value(text, 'venue_holds_pending')).toBe(0);
    expect(value(text, 'venue_job_lag_seconds')).toBeGreaterThanOrEqual(0);
    if (kind === 'postgres') expect(value(text, 'venue_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
  });

  it('answers only loopback callers and holders of the token', async () => {
    expect((await scrape({ remoteAddress: '203.0.113.9' })).statusCode).toBe(404);
    expect((await scrape({ remoteAddress: '203.0.113.9', authorization: 'Bearer wrong-token-000000000' })).statusCode).toBe(404);
    const ok = await scrape({ remoteAddress: '203.0.113.9', authorization: `Bearer ${TOKEN}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.headers['content-type']).toContain('text/plain');
  });

  it("names the request in every log line of it and in an error answer's head", async () => {
    const res = await s.app.inject({ method: 'GET', url: '/api/no/such/route', headers: { 'x-request-id': 'desk-7-req-42' } });
    expect(res.headers['x-request-id']).toBe('desk-7-req-42');
    expect(res.json().head).toEqual({ level: 'error', requestId: 'desk-7-req-42' });
    const mine = logLines.map((l) => JSON.parse(l) as { reqId?: string; msg?: string }).filter((l) => l.reqId === 'desk-7-req-42');
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
    const fresh = await s.app.inject({ method: 'GET', url: '/api/no/such/route' });
    expect(fresh.json().head.requestId).toBe(fresh.headers['x-request-id']);
    expect(fresh.json().head.requestId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
