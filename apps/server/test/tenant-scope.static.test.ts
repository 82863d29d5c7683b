import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import ts from 'typescript';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { MODULES } from '../src/modules/modules.ts';

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

/**
 * Every table, classified by the manifest of the module that declares it (`tables` in
 * `<module>.manifest.ts`): platform-wide (with why) or user-owned when it says so, else
 * organisation-owned. A table no manifest declares fails the first test below.
 */
const declared = MODULES.flatMap((m) =>
  Object.entries(m.tables?.schema ?? {})
    .filter(([, value]) => isTable(value))
    .map(([name, value]) => ({ module: m, name, table: value as PgTable, sqlName: getTableConfig(value as PgTable).name })),
);
const PLATFORM_WIDE = MODULES.flatMap((m) => Object.keys(m.tables?.platformWide ?? {}));
/** Owned by a user whatever their organisations (a user can belong to several): reached only through a user already found in scope. */
const USER_OWNED = MODULES.flatMap((m) => m.tables?.userOwned ?? []);
/** Tables whose rows belong to an organisation: every read and write goes through a scope. */
const ORGANISATION_OWNED = declared.map((d) => d.sqlName).filter((t) => !PLATFORM_WIDE.includes(t) && !USER_OWNED.includes(t));

function isTable(value: unknown): boolean {
  return !!value && typeof value === 'object' && Symbol.for('drizzle:IsDrizzleTable') in value;
}

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

/** Drizzle object name -> SQL name, for every table the manifests declare. */
const tables = new Map<string, string>(declared.map((d) => [d.name, d.sqlName]));
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
    // A table file, or a module's public face (index.ts), which gives other modules the tables they point at.
    if (!/\.table\.ts$|\/index\.ts$/.test(from)) continue;
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
const others = files.filter((f) => !f.endsWith('.repository.ts') && !f.endsWith('.table.ts'));

describe('tenant scope, by construction (source)', () => {
  it("every table of a table file is declared by its module's manifest; organisation-owned ones carry org_id", async () => {
    const inFiles = new Map<object, string>();
    for (const file of files.filter((f) => f.endsWith('.table.ts'))) {
      for (const value of Object.values(await import(file)))
        if (isTable(value)) inFiles.set(value as object, `${rel(file)}: ${getTableConfig(value as PgTable).name}`);
    }
    expect(inFiles.size).toBeGreaterThan(20);
    const declaredTables = new Set<object>(declared.map((d) => d.table));
    expect(
      [...inFiles].filter(([t]) => !declaredTables.has(t)).map(([, where]) => where),
      "a new table must be declared in its module's manifest (tables), organisation-owned unless it says platform-wide (with why) or user-owned",
    ).toEqual([]);
    expect(
      [...PLATFORM_WIDE, ...USER_OWNED].filter((t) => !declared.some((d) => d.sqlName === t)),
      'listed tables that do not exist',
    ).toEqual([]);
    for (const m of MODULES) for (const [t, why] of Object.entries(m.tables?.platformWide ?? {})) expect(why.trim(), `why ${t} is platform-wide`).not.toBe('');
    const withoutOrg = declared
      .filter((d) => ORGANISATION_OWNED.includes(d.sqlName) && d.sqlName !== 'sys_org')
      .filter((d) => !getTableConfig(d.table).columns.some((c) => c.name === 'org_id'));
    expect(
      withoutOrg.map((d) => d.sqlName),
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
