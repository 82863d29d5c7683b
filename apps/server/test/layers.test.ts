import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 8, point 4: the lint rule that keeps imports one way (eslint.config.js, `layers/one-way`),
 * run with the repository's own configuration over files placed where they would live.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

/** The layer messages for `source` as the file `file` (relative to the repository root). */
async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'layers/one-way').map((m) => m.message);
}

const importing = (spec: string) => `import { x } from '${spec}';\nexport const y = x;\n`;

describe('layers one way', () => {
  it('the platform imports no module, no table aggregate and not the composition root', async () => {
    expect(await refusals('apps/server/src/platform/z.ts', importing('../modules/auth/session.service.ts'))).toHaveLength(1);
    expect(
      await refusals(
        'apps/server/src/platform/z.ts',
        `export type T = import('../modules/log/log.table.ts').X;\nexport const m = () => import('../modules/log/log.table.ts');\n`,
      ),
    ).toHaveLength(2);
    expect(await refusals('apps/server/src/platform/z.ts', `import type { X } from '../modules/log/log.table.ts';\nexport type T = X;\n`)).toHaveLength(1);
    expect(await refusals('apps/server/src/platform/z.ts', importing('../db/schema.ts'))).toHaveLength(1);
    expect(await refusals('apps/server/src/platform/z.ts', importing('../app.ts'))).toHaveLength(1);
    expect(await refusals('apps/server/src/platform/z.ts', `export { x } from '../modules/system/system.table.ts';\n`)).toHaveLength(1);
    expect(await refusals('apps/server/src/platform/z.ts', importing('./keys.ts'))).toEqual([]);
    expect(await refusals('apps/server/src/platform/z.ts', importing('@venue/contract'))).toEqual([]);
  });

  it('the contract imports neither the server nor the console', async () => {
    expect(await refusals('packages/contract/src/z.ts', importing('../../../apps/server/src/platform/http.ts'))).toHaveLength(1);
    expect(await refusals('packages/contract/src/z.ts', importing('@venue/web/src/app/request.ts'))).toHaveLength(1);
    expect(await refusals('packages/contract/src/z.ts', importing('./codes.ts'))).toEqual([]);
  });

  it('modules depend one way: system <- log <- mail <- auth <- sso <- job, none on a business module', async () => {
    const m = (from: string, to: string) => refusals(`apps/server/src/modules/${from}/z.ts`, importing(`../${to}/index.ts`));
    expect(await m('system', 'auth')).toHaveLength(1);
    expect(await m('system', 'log')).toHaveLength(1);
    expect(await m('auth', 'sso')).toHaveLength(1);
    expect(await m('log', 'job')).toHaveLength(1);
    expect(await m('auth', 'system')).toEqual([]);
    expect(await m('sso', 'auth')).toEqual([]);
    expect(await m('job', 'system')).toEqual([]);
    expect(await refusals('apps/server/src/modules/system/z.ts', importing('../sport/booking/booking.service.ts'))).toHaveLength(1);
    expect(await refusals('apps/server/src/modules/sport/booking/z.ts', importing('../../system/index.ts'))).toEqual([]);
    // The module list is no module.
    expect(await refusals('apps/server/src/modules/modules.ts', importing('./job/index.ts'))).toEqual([]);
  });

  it('a console feature imports app/, kit/ and the contract, never another feature; the kit knows no feature', async () => {
    expect(await refusals('apps/web/src/features/auth/z.tsx', importing('../user-info/userInfo.api.ts'))).toHaveLength(1);
    expect(await refusals('apps/web/src/features/system/user/z.tsx', importing('../../job/job.api.ts'))).toHaveLength(1);
    expect(await refusals('apps/web/src/features/sport/booking/z.tsx', importing('../venue/venue.api.ts'))).toHaveLength(1);
    // System administration is one feature: its screens share pickers and access helpers.
    expect(await refusals('apps/web/src/features/system/user/z.tsx', importing('../org/org.api.ts'))).toEqual([]);
    expect(await refusals('apps/web/src/features/auth/z.tsx', importing('../../app/password/password.api.ts'))).toEqual([]);
    expect(await refusals('apps/web/src/features/auth/z.tsx', importing('../../kit/form.ts'))).toEqual([]);
    expect(await refusals('apps/web/src/kit/z.tsx', importing('../features/job/job.api.ts'))).toHaveLength(1);
    expect(await refusals('apps/web/src/app/z.tsx', importing('../../../server/src/platform/http.ts'))).toHaveLength(1);
  });
});
