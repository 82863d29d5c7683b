import fs from 'node:fs';
import path from 'node:path';
import { z, type ZodType } from 'zod';
import { Code } from '@venue/contract';
import type { RouteRecord } from '../../platform/http.ts';
import { OPEN_PREFIX, openRouteDefs } from './open.gateway.ts';

/**
 * OpenAPI 3.1 documents generated from the route schemas (the contract's zod schemas, through
 * zod's own JSON Schema output): the open interfaces for third parties, and the whole console API
 * for administrators. Nothing is written by hand but the signing instructions (docs/open-api.md).
 */

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: ZodType, io: 'input' | 'output'): JsonSchema {
  const out = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'any',
    // Instants travel as ISO 8601 text.
    override: (ctx) => {
      if ((ctx.zodSchema as unknown as { _zod: { def: { type: string } } })._zod.def.type === 'date')
        Object.assign(ctx.jsonSchema, { type: 'string', format: 'date-time' });
    },
  }) as JsonSchema;
  delete out.$schema;
  return out;
}

/** `{code, msg, detail, head, body}` around an answer. */
function envelopeOf(body: JsonSchema): JsonSchema {
  return {
    type: 'object',
    required: ['code', 'msg', 'body'],
    properties: {
      code: { type: 'integer', description: '0 on success; otherwise the refusal code (see the description of the document)' },
      msg: { type: 'string', description: 'The message, in the language of the `Lang` header (zh-CN by default, en-US)' },
      detail: { description: 'Field errors or the reason of a conflict; null on success' },
      head: { type: 'object' },
      body,
    },
  };
}

function parametersOf(route: RouteRecord): JsonSchema[] {
  const out: JsonSchema[] = [];
  for (const [where, schema] of [
    ['path', route.params],
    ['query', route.query],
  ] as const) {
    if (!schema) continue;
    const s = jsonSchema(schema, 'input');
    const props = (s.properties ?? {}) as Record<string, JsonSchema>;
    const required = new Set((s.required as string[] | undefined) ?? []);
    for (const [name, prop] of Object.entries(props)) out.push({ name, in: where, required: where === 'path' || required.has(name), schema: prop });
  }
  return out;
}

function operationOf(route: RouteRecord, extra: JsonSchema): JsonSchema {
  const op: JsonSchema = { ...extra, parameters: parametersOf(route) };
  if (route.body) op.requestBody = { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } };
  op.responses =
    route.response === 'file'
      ? {
          200: {
            description: 'A file download',
            content: { 'application/octet-stream': { schema: { type: 'string', contentMediaType: 'application/octet-stream' } } },
          },
        }
      : {
          200: {
            description: 'The envelope; `body` holds the answer when `code` is 0',
            content: { 'application/json': { schema: envelopeOf(jsonSchema(route.response, 'output')) } },
          },
        };
  return op;
}

const oasPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function addOperation(paths: Record<string, Record<string, unknown>>, route: RouteRecord, extra: JsonSchema): void {
  const p = oasPath(route.url);
  paths[p] ??= {};
  paths[p][route.method.toLowerCase()] = operationOf(route, extra);
}

let instructions: string | undefined;
/** The signing instructions (docs/open-api.md), the document's description. */
function signingInstructions(): string {
  if (instructions === undefined) {
    const file = path.resolve(import.meta.dirname, '../../../../../docs/open-api.md');
    instructions = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : 'See docs/open-api.md of the server.';
  }
  return instructions;
}

const OPEN_CODES = [
  Code.OPEN_UNKNOWN_APP,
  Code.OPEN_BAD_SIGN,
  Code.OPEN_STALE,
  Code.OPEN_REPLAY,
  Code.OPEN_IP_REFUSED,
  Code.OPEN_APP_DISABLED,
  Code.OPEN_NOT_GRANTED,
  Code.TOO_MANY,
];

/** The open interfaces: what a third party may call, how to sign, what each answers. */
export function openDocument(routes: readonly RouteRecord[], version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (!route.url.startsWith(OPEN_PREFIX)) continue;
    const def = openRouteDefs.find((d) => d.uri === oasPath(route.url) && d.method === route.method);
    if (!def) continue;
    addOperation(paths, route, {
      operationId: def.code,
      summary: def.nameEn,
      description: `${def.descriptionEn}\n\n${def.name}：${def.description}`,
      tags: [def.apiVersion],
      security: [{ AppKey: [], Timestamp: [], Nonce: [], Sign: [] }],
      'x-refusal-codes': OPEN_CODES,
    });
  }
  const header = (name: string, description: string) => ({ type: 'apiKey', in: 'header', name, description });
  return {
    openapi: '3.1.0',
    info: { title: 'Venue console open API', version, description: signingInstructions() },
    servers: [{ url: '/' }],
    paths,
    components: {
      securitySchemes: {
        AppKey: header('AppKey', "The application's key"),
        Timestamp: header('Timestamp', 'Unix time in seconds, within 300 s of the server clock'),
        Nonce: header('Nonce', '8 to 64 letters, digits, - or _; never reused within 300 s'),
        Sign: header('Sign', 'hex HMAC-SHA256 with the secret over METHOD\\npath?query\\nTimestamp\\nNonce\\nbody'),
      },
    },
  };
}

/** The whole console API, for administrators: every route with its permission. */
export function consoleDocument(routes: readonly RouteRecord[], version: string): JsonSchema {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    if (route.url.startsWith(OPEN_PREFIX)) continue;
    const permission = route.permission === undefined ? 'public' : route.permission === '' ? 'any signed-in user' : route.permission;
    addOperation(paths, route, {
      operationId: `${route.module}.${route.action}.${route.method.toLowerCase()}`,
      summary: `${route.module}: ${route.action}`,
      tags: [route.module],
      'x-permission': permission,
      'x-platform-only': route.platformOnly,
    });
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Venue console API',
      version,
      description:
        'Every call of the console. The protocol (envelope, codes, Sign, Timestamp, XSRF, Bearer token) is described in docs/contributing.md, "The protocol every call follows".',
    },
    servers: [{ url: '/' }],
    paths,
  };
}
