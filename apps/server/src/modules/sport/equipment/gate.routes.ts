import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../platform/http.ts';
import type { GateAdapter } from './gate.adapter.ts';
import { handshake, poll, push, report, type ProtocolAnswer } from './gate.service.ts';

/** The largest body a device may push (a ZKTeco batch is a few hundred lines at most). */
const GATE_BODY_LIMIT = 256 * 1024;
const SN_RE = /^[A-Za-z0-9_-]{4,32}$/;

/**
 * The devices' own calls at the root paths their firmware calls (`/iclock/cdata`,
 * `/iclock/getrequest`, `/iclock/devicecmd`): outside `/api/`, so the console's pipeline (sign,
 * XSRF, session, permission, operation log) does not apply; a device cannot sign. Only a
 * registered serial number is served (anything else: 401, nothing stored); bodies are plain text
 * up to GATE_BODY_LIMIT (413 beyond); unreadable lines are skipped and counted, never a 500. Not
 * `defineRoute`: these answer the devices' text, not the envelope, and are no console calls
 * (docs/decisions.md, "Gates").
 */
export function gateRoutes(app: FastifyInstance, ctx: AppContext, adapter: GateAdapter): void {
  const { db } = ctx;
  const answer = (reply: FastifyReply, a: ProtocolAnswer) => reply.status(a.status).header('content-type', 'text/plain; charset=utf-8').send(a.text);
  const snOf = (req: FastifyRequest) => {
    const sn = (req.query as Record<string, unknown> | undefined)?.SN;
    return typeof sn === 'string' && SN_RE.test(sn) ? sn : undefined;
  };
  const guarded = (work: (req: FastifyRequest, sn: string) => Promise<ProtocolAnswer>) => async (req: FastifyRequest, reply: FastifyReply) => {
    const sn = snOf(req);
    if (!sn) return answer(reply, { status: 400, text: 'BAD SN' });
    try {
      return answer(reply, await work(req, sn));
    } catch (e) {
      // The device sends again later: never a 500 with the console's envelope.
      req.log.error({ err: e }, 'gate protocol call failed');
      return answer(reply, { status: 503, text: 'RETRY' });
    }
  };
  const bodyOf = (req: FastifyRequest) => (typeof req.body === 'string' ? req.body : '');

  app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'string', bodyLimit: GATE_BODY_LIMIT }, (_req, body, done) => done(null, body));
    scoped.get(
      '/iclock/cdata',
      guarded((_req, sn) => handshake(db, adapter, sn)),
    );
    scoped.post(
      '/iclock/cdata',
      guarded(async (req, sn) => {
        const table = (req.query as Record<string, unknown>).table;
        return (await push(db, adapter, sn, typeof table === 'string' ? table : '', bodyOf(req))).answer;
      }),
    );
    scoped.get(
      '/iclock/getrequest',
      guarded((_req, sn) => poll(db, adapter, sn)),
    );
    scoped.post(
      '/iclock/devicecmd',
      guarded((req, sn) => report(db, adapter, sn, bodyOf(req))),
    );
  });
}
