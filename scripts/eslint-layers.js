// ESLint rule `layers/one-way`: imports point one way (docs/decisions.md, "Layers").
//
// Every import (type-only ones too), re-export, dynamic import and `import('x')` type of a file is
// resolved to a path in the repository (relative specifiers from the file, workspace packages
// through `packages`; other packages are not checked) and refused when:
//   - a `forbid` entry says its folder may not reach the target (`from` and `to` are path
//     prefixes relative to the repository root);
//   - it crosses between two units of a `units` entry: the folders right under `under` (or right
//     under one of its `groups`, such as `features/sport/<domain>`). With `order`, a listed unit
//     may import only units listed before it, and no unlisted one; an unlisted unit is not checked.
//     Without `order`, no unit imports another.
//   - it reaches into a unit of a `faces` entry from outside it (issue 24: a module's only public
//     file is its `index.ts`): from any file outside the unit (another module, app.ts, main.ts,
//     tests, scripts), an import of the unit's files other than `<unit>/index.ts` is refused; a
//     test (`*.test.ts`, `*.testkit.ts`, or any file under a `tests` folder) may also import a
//     `*.testkit.ts`. `allow` lists importing files (paths from the root) that still reach in, each
//     with its reason: an allow-list entry is a debt, not a rule.
import path from 'node:path';

const slash = (p) => p.split(path.sep).join('/');
/** Whether a path lies in a folder (`x/`) or is a file (`x.ts`) or folder (`x`) itself. */
const within = (p, prefix) => (prefix.endsWith('/') ? p.startsWith(prefix) || p === prefix.slice(0, -1) : p === prefix || p.startsWith(prefix + '/'));

/** The unit of a path under `under`: `<under><x>/`, or `<under><group>/<x>/` for a group. */
export function unitOf(rel, under, groups = []) {
  if (!rel.startsWith(under)) return undefined;
  const parts = rel.slice(under.length).split('/');
  if (parts.length < 2) return undefined; // a file right under `under` (a registry) is no unit
  if (groups.includes(parts[0])) return parts.length < 3 ? undefined : `${parts[0]}/${parts[1]}`;
  return parts[0];
}

function resolveTarget(spec, file, root, packages) {
  if (spec.startsWith('.')) return slash(path.relative(root, path.resolve(path.dirname(file), spec)));
  for (const [name, dir] of Object.entries(packages)) {
    if (spec === name || spec.startsWith(name + '/')) return dir + spec.slice(name.length).replace(/^\//, '');
  }
  return undefined;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports point one way: contract <- platform <- modules; a console feature imports app/, kit/ and the contract only' },
    schema: false,
  },
  create(context) {
    const { root, packages = {}, forbid = [], units = [], faces = [] } = context.options[0] ?? {};
    const file = context.filename;
    const from = slash(path.relative(root, file));
    if (from.startsWith('..')) return {};

    function check(node, spec) {
      if (typeof spec !== 'string') return;
      const to = resolveTarget(spec, file, root, packages);
      if (to === undefined) return;
      for (const f of forbid) {
        if (within(from, f.from) && f.to.some((t) => within(to, t))) {
          context.report({ node, message: `${f.from} may not import ${to}: ${f.because}` });
          return;
        }
      }
      for (const u of units) {
        const a = unitOf(from, u.under, u.groups);
        const b = unitOf(to, u.under, u.groups);
        if (a === undefined || b === undefined || a === b) continue;
        let refused;
        if (!u.order) refused = true;
        else {
          const i = u.order.indexOf(a);
          const j = u.order.indexOf(b);
          refused = i >= 0 && (j < 0 || j > i);
        }
        if (refused) {
          context.report({ node, message: `${u.under}${a} may not import ${u.under}${b} (${to}): ${u.because}` });
          return; // one refusal per import: an import its layer forbids is not also sent to the index
        }
      }
      for (const f of faces) {
        const b = unitOf(to, f.under, f.groups);
        if (b === undefined || b === unitOf(from, f.under, f.groups)) continue;
        const face = `${f.under}${b}/index.ts`;
        if (to === face || (f.allow ?? {})[from] !== undefined) continue;
        const isTest = /\.(test|testkit)\.ts$/.test(from) || (f.tests ?? []).some((t) => within(from, t));
        if (isTest && to.endsWith('.testkit.ts')) continue;
        context.report({ node, message: `import ${face}, not ${to}: ${f.because}` });
      }
    }

    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
      // `import('x').T` in a type.
      TSImportType: (node) => node.argument?.type === 'TSLiteralType' && check(node.argument, node.argument.literal.value),
    };
  },
};

export default { meta: { name: 'layers' }, rules: { 'one-way': rule } };
