import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Perm, golfBaysAnswer, golfBaysQuery } from '@venue/contract';
import { defineRoute, type AppContext } from '../../../platform/http.ts';
import { golfBays, reportGolf } from './golf.service.ts';

const SN_RE = /^[A-Za-z0-9_-]{4,32}$/;
/** A report is a line or two. */
const REPORT_LIMIT = 1024;

/**
 * Golf bays: the console's call (`POST {sport}equipment/golf/bays`, signed, `sport:golf:list`) and
 * the controllers' own call, `POST /golf/state?SN=<sn>` with a text body `state=ok` or
 * `state=fault` and `code=<fault code>`: outside `/api/` for the gates' reason (a controller
 * cannot sign or hold a session; docs/decisions.md, "Gates" and "Golf bays"). Only a registered
 * golf controller's serial number is served (401 otherwise, nothing stored).
 */
export function golfRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  defineRoute(app, {
    module: 'golf',
    method: 'POST',
    url: `${ctx.config.prefixes.sport}equipment/golf/bays`,
    permission: Perm.golf.list,
    action: 'list',
    readOnly: true,
    body: golfBaysQuery,
    response: golfBaysAnswer,
    handler: async ({ body, caller }) => golfBays(db, caller!, body),
  });

  const answer = (reply: FastifyReply, status: number, text: string) => reply.status(status).header('content-type', 'text/plain; charset=utf-8').send(text);
  app.register(async (scoped) => {
    scoped.removeAllContentTypeParsers();
    scoped.addContentTypeParser('*', { parseAs: 'string', bodyLimit: REPORT_LIMIT }, (_req, body, done) => done(null, body));
    scoped.post('/golf/state', async (req: FastifyRequest, reply: FastifyReply) => {
      const sn = (req.query as Record<string, unknown> | undefined)?.SN;
      if (typeof sn !== 'string' || !SN_RE.test(sn)) return answer(reply, 400, 'BAD SN');
      try {
        const a = await reportGolf(db, sn, typeof req.body === 'string' ? req.body : '');
        return answer(reply, a.status, a.text);
      } catch (e) {
        req.log.error({ err: e }, 'golf controller report failed');
        return answer(reply, 503, 'RETRY');
      }
    });
  });
}
