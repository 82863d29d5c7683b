import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema.ts';

/**
 * Tenant-safe data access by construction (issue 8, point 1; docs/decisions.md, "Authorisation of
 * organisations and users"), checked on the source with the TypeScript compiler API:
 * - every table is classified: organisation-owned (it has `org_id`, or is sys_org itself), owned by
 *   a user, or platform-wide, so a new table cannot be added without deciding;
 * - every exported function of a `*.repository.ts` whose body names an organisation-owned table
 *   (its Drizzle object or its `sys_…` SQL name) takes a parameter of type Scope or OneOrgScope and
 *   uses it, or one of type SystemScope (platform-wide by type: only SYSTEM_SCOPE fits it, so
 *   internal callers spell it out);
 * - no other server source file names an organisation-owned table: the queries live in the
 *   repositories. The few justified exceptions are listed below with their reasons.
 */

const SRC = path.resolve(import.meta.dirname, '../src');

/** Tables whose rows belong to an organisation: every read and write goes through a scope. */
const ORGANISATION_OWNED = [
  'sys_org', // the organisations themselves: in a scope when their own id is
  'sys_user',
  'sys_user_org',
  'sys_role',
  'sys_user_role',
  'sys_role_menu',
  'sys_user_menu',
  'sys_session',
  'sys_holiday',
  'sys_login_log',
  'sys_oper_log',
  'sys_job',
  'sys_job_log',
  'sys_job_stream',
  'sys_job_stream_run',
  'sport_balance_account',
  'sport_order',
  'sport_order_item',
  'sport_order_item_adjustment',
  'sport_payment',
  'sport_refund',
  'sport_refund_leg',
  'sport_ledger_entry',
  'sport_pay_notify',
  'sport_pay_merchant',
  'sport_idempotency',
  'sport_venue',
  'sport_site',
  'sport_price_rule',
  'sport_venue_template',
  'sport_slot_claim',
  'sport_resource_claim',
  'sport_booking_series',
  'sport_closure',
  'sport_shift',
  'sport_member',
  'sport_member_list',
  'sport_member_identity',
  'sport_member_face_log',
  'sport_member_visit',
  'sport_card_type',
  'sport_member_card',
  'sport_card_usage',
  'sport_card_share',
  'sport_card_log',
  'sport_card_distribution',
  'sport_ticket_type',
  'sport_ticket_project',
  'sport_seatmap',
  'sport_seatmap_version',
  'sport_ticket_session',
  'sport_ticket_level',
  'sport_ticket_seat',
  'sport_ticket',
  'sport_ticket_reservation',
  // Gate checking (issue 13).
  'sport_ticket_gate',
  'sport_ticket_session_key',
  'sport_ticket_scan',
  'sport_ticket_scan_conflict',
  'sport_ticket_collection',
  'sport_ticket_reprint',
];

// Ticket distribution (issue 13): distributors, their quotas, seats and orders, external items, packages.
ORGANISATION_OWNED.push(
  'sport_ticket_distributor',
  'sport_ticket_dist_quota',
  'sport_ticket_dist_seat',
  'sport_ticket_dist_order',
  'sport_ticket_external_item',
  'sport_ticket_package',
  'sport_ticket_package_part',
);

// Third-party application access (issue 14).
ORGANISATION_OWNED.push('sys_open_app', 'sys_open_grant', 'sys_open_call_log');

// Messaging delivery (issue 14): channel settings, business types, templates, the send queue (its log).
ORGANISATION_OWNED.push('msg_channel', 'msg_business', 'msg_template', 'msg_send');

// Ticketing catalogue extras (issue 13): performers and their projects, purchase notices, ticket templates, want-to-see entries, the project data log.
ORGANISATION_OWNED.push(
  'sport_ticket_performer',
  'sport_ticket_project_performer',
  'sport_ticket_notice',
  'sport_ticket_template',
  'sport_ticket_want_see',
  'sport_ticket_data_log',
);

// Station messages and to-do messages (issue 14): each row is one user's, in the organisation it was sent in.
ORGANISATION_OWNED.push('sys_station_message', 'sys_backlog');

// The service registry (issue 14): applications, environments with groups, instances and deployed services, services, translation items.
ORGANISATION_OWNED.push(
  'registry_app',
  'registry_env',
  'registry_env_group',
  'registry_env_instance',
  'registry_env_service',
  'registry_service',
  'registry_translation',
);

/** Owned by a user whatever their organisations (a user can belong to several): reached only through a user already found in scope. */
const USER_OWNED = ['sys_password_history'];

/** Shared by every organisation (docs/decisions.md says why, one sentence each). */
const PLATFORM_WIDE = [
  'sys_menu',
  'sys_dict',
  'sys_dict_item',
  'sys_config',
  'sys_region',
  'sys_version',
  'sys_api',
  'sys_api_role',
  'sys_captcha',
  'sys_verification_code',
  'sys_login_failure',
  'sys_recover_throttle',
  'sys_sso_state',
  'sys_job_instance',
  'sys_meta',
  'sys_open_api', // the interfaces the code opens: one list for every organisation's applications
  'sys_open_nonce', // replay guard of signed calls, keyed by application, kept for the signing window
];

/**
 * Files outside the repositories that may name an organisation-owned table, each for a reason.
 * Paths are relative to apps/server/src.
 */
const ALLOWED_OUTSIDE_REPOSITORIES: Record<string, string> = {
  'platform/scope.ts': 'the scope predicate itself: the subtree of an organisation is read from sys_org',
  'platform/access.ts':
    "the permission lookup of the session's own user in the session's own organisation (one organisation by construction: both ids come from the session row), cached per process",
  'modules/log/operlog.writer.ts':
    "the operation-log writer handed to the request pipeline: it writes the row of the caller's own session organisation (or none for public calls), before anyone else's record is touched",
};

/** Parameter types that carry a scope. */
const SCOPE_TYPES = new Set(['Scope', 'SystemScope', 'OneOrgScope']);

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
}

const rel = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const isTest = (file: string) => /\.(test|testkit)\.ts$/.test(file) || file.endsWith('.d.ts');

/** Drizzle object name -> SQL name, for every table of the schema. */
const tables = new Map<string, string>();
for (const [name, value] of Object.entries(schema)) {
  if (value && typeof value === 'object' && Symbol.for('drizzle:IsDrizzleTable') in (value as object)) tables.set(name, getTableConfig(value as PgTable).name);
}
const orgOwnedSql = new Set(ORGANISATION_OWNED);
const orgOwnedObjects = new Set([...tables].filter(([, sqlName]) => orgOwnedSql.has(sqlName)).map(([name]) => name));
const sqlNamePattern = new RegExp(`\\b(${ORGANISATION_OWNED.join('|')})\\b`);

function parse(file: string): ts.SourceFile {
  return ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
}

/** Local names bound to organisation-owned Drizzle tables by value imports from table files (type-only imports name no query). */
function tableImports(sf: ts.SourceFile): Map<string, string> {
  const out = new Map<string, string>();
  for (const st of sf.statements) {
    if (!ts.isImportDeclaration(st) || !st.importClause || st.importClause.isTypeOnly) continue;
    const from = (st.moduleSpecifier as ts.StringLiteral).text;
    if (!/\.table\.ts$|db\/schema\.ts$/.test(from)) continue;
    const bindings = st.importClause.namedBindings;
    if (!bindings || !ts.isNamedImports(bindings)) continue;
    for (const el of bindings.elements) {
      if (el.isTypeOnly) continue;
      const imported = (el.propertyName ?? el.name).text;
      if (orgOwnedObjects.has(imported)) out.set(el.name.text, imported);
    }
  }
  return out;
}

/** What in a node names an organisation-owned table: identifiers bound to table imports, and SQL text. */
function tableReferences(node: ts.Node, imported: Map<string, string>): string[] {
  const found = new Set<string>();
  const visit = (n: ts.Node) => {
    if (ts.isIdentifier(n) && imported.has(n.text)) {
      const parent = n.parent;
      // `x.users` (a property) and `{ users: … }` (a key) are not the table.
      const isProperty = parent && ((ts.isPropertyAccessExpression(parent) && parent.name === n) || (ts.isPropertyAssignment(parent) && parent.name === n));
      if (!isProperty && !(parent && ts.isImportSpecifier(parent))) found.add(imported.get(n.text)!);
    }
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n) || ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) {
      const m = n.text.match(sqlNamePattern);
      if (m) found.add(m[1]!);
    }
    ts.forEachChild(n, visit);
  };
  visit(node);
  return [...found];
}

interface ExportedFunction {
  name: string;
  node: ts.FunctionLikeDeclaration;
}

function exportedFunctions(sf: ts.SourceFile): ExportedFunction[] {
  const out: ExportedFunction[] = [];
  const exported = (n: ts.Node) => ts.canHaveModifiers(n) && (ts.getModifiers(n) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  for (const st of sf.statements) {
    if (ts.isFunctionDeclaration(st) && st.name && exported(st)) out.push({ name: st.name.text, node: st });
    if (ts.isVariableStatement(st) && exported(st)) {
      for (const d of st.declarationList.declarations) {
        if (ts.isIdentifier(d.name) && d.initializer && (ts.isArrowFunction(d.initializer) || ts.isFunctionExpression(d.initializer)))
          out.push({ name: d.name.text, node: d.initializer });
      }
    }
  }
  return out;
}

/** The function's parameters whose declared type names a scope, with that type. */
function scopeParameters(fn: ts.FunctionLikeDeclaration): { name: string; type: string }[] {
  return fn.parameters.flatMap((p) => {
    const names: string[] = [];
    const collect = (t: ts.Node) => {
      if (ts.isTypeReferenceNode(t)) names.push(t.typeName.getText());
      ts.forEachChild(t, collect);
    };
    if (p.type) collect(p.type);
    const type = names.find((n) => SCOPE_TYPES.has(n));
    return type ? [{ name: p.name.getText(), type }] : [];
  });
}

function usesName(body: ts.Node, name: string): boolean {
  let used = false;
  const visit = (n: ts.Node) => {
    if (used) return;
    if (ts.isIdentifier(n) && n.text === name && !(ts.isPropertyAccessExpression(n.parent) && n.parent.name === n)) used = true;
    ts.forEachChild(n, visit);
  };
  visit(body);
  return used;
}

const files = walk(SRC).filter((f) => !isTest(f));
const repositories = files.filter((f) => f.endsWith('.repository.ts') && rel(f).startsWith('modules/'));
const others = files.filter((f) => !f.endsWith('.repository.ts') && !f.endsWith('.table.ts') && rel(f) !== 'db/schema.ts');

describe('tenant scope, by construction (source)', () => {
  it('classifies every table; organisation-owned ones carry org_id', () => {
    const classified = new Set([...ORGANISATION_OWNED, ...USER_OWNED, ...PLATFORM_WIDE]);
    const all = [...tables.values()];
    expect(all.length).toBeGreaterThan(20);
    expect(
      all.filter((t) => !classified.has(t)),
      'a new table must be listed as organisation-owned (with org_id), user-owned or platform-wide',
    ).toEqual([]);
    expect(
      [...classified].filter((t) => !all.includes(t)),
      'listed tables that do not exist',
    ).toEqual([]);
    const withoutOrg = [...tables]
      .filter(([, t]) => orgOwnedSql.has(t) && t !== 'sys_org')
      .filter(([name]) => !getTableConfig(schema[name as keyof typeof schema] as PgTable).columns.some((c) => c.name === 'org_id'));
    expect(
      withoutOrg.map(([, t]) => t),
      'organisation-owned tables without org_id',
    ).toEqual([]);
  });

  it('every exported repository function over an organisation-owned table takes a Scope and uses it', () => {
    expect(repositories.length).toBeGreaterThan(5);
    const problems: string[] = [];
    let checked = 0;
    for (const file of repositories) {
      const sf = parse(file);
      const imported = tableImports(sf);
      for (const fn of exportedFunctions(sf)) {
        if (!fn.node.body) continue;
        const refs = tableReferences(fn.node.body, imported);
        if (!refs.length) continue;
        checked++;
        const scopes = scopeParameters(fn.node);
        if (!scopes.length) problems.push(`${rel(file)}: ${fn.name} reads or writes ${refs.join(', ')} without a Scope parameter`);
        // A SystemScope is platform-wide by type (no predicate to add): it makes the caller write SYSTEM_SCOPE.
        else if (!scopes.some((s) => s.type === 'SystemScope' || usesName(fn.node.body!, s.name)))
          problems.push(`${rel(file)}: ${fn.name} takes a Scope but never uses it`);
      }
    }
    expect(checked).toBeGreaterThan(50);
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('no service, route or other source file names an organisation-owned table: queries live in repositories', () => {
    const problems: string[] = [];
    for (const file of others) {
      const r = rel(file);
      if (ALLOWED_OUTSIDE_REPOSITORIES[r]) continue;
      const sf = parse(file);
      const refs = tableReferences(sf, tableImports(sf));
      if (refs.length) problems.push(`${r}: names ${refs.join(', ')}`);
    }
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('the allow-list holds only files that exist and still need it', () => {
    const stale = Object.keys(ALLOWED_OUTSIDE_REPOSITORIES).filter((r) => {
      const file = path.join(SRC, r);
      if (!fs.existsSync(file)) return true;
      const sf = parse(file);
      return tableReferences(sf, tableImports(sf)).length === 0;
    });
    expect(stale, 'remove these from ALLOWED_OUTSIDE_REPOSITORIES').toEqual([]);
  });
});
