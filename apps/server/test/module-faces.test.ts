import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Issue 24: a module's only public file is its index.ts. The repository's own lint configuration
 * (`layers/one-way`, its `faces` entry) over files placed where they would live.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: root });

async function refusals(file: string, spec: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${spec}';\nexport const y = x;\n`, { filePath: path.join(root, file) });
  return result!.messages.filter((m) => m.ruleId === 'layers/one-way').map((m) => m.message);
}

describe('a module is reached through its index.ts only', () => {
  it("refuses another module's repository, tables or services, and names the file to import instead", async () => {
    expect(await refusals('apps/server/src/modules/sport/coach/coach.service.ts', '../member/member.repository.ts')).toEqual([
      expect.stringContaining('import apps/server/src/modules/sport/member/index.ts, not apps/server/src/modules/sport/member/member.repository.ts'),
    ]);
    expect(await refusals('apps/server/src/modules/sport/coach/coach.table.ts', '../commerce/commerce.table.ts')).toHaveLength(1);
    expect(await refusals('apps/server/src/modules/sport/coach/coach.service.ts', '../../system/org.repository.ts')).toHaveLength(1);
    expect(await refusals('apps/server/src/modules/message/z.ts', '../auth/session.service.ts')).toHaveLength(1);
  });

  it("accepts another module's index.ts, and a module's own files", async () => {
    expect(await refusals('apps/server/src/modules/sport/coach/coach.service.ts', '../member/index.ts')).toEqual([]);
    expect(await refusals('apps/server/src/modules/sport/coach/coach.service.ts', '../../system/index.ts')).toEqual([]);
    expect(await refusals('apps/server/src/modules/sport/ticket/gate/gate.service.ts', '../ticket.repository.ts')).toEqual([]);
  });

  it('holds outside the modules too: the composition root, the module list, tests and scripts', async () => {
    expect(await refusals('apps/server/src/app.ts', './modules/system/apiauth.service.ts')).toHaveLength(1);
    expect(await refusals('apps/server/src/modules/modules.ts', './sport/card/card.manifest.ts')).toHaveLength(1);
    expect(await refusals('apps/server/src/modules/modules.ts', './sport/card/index.ts')).toEqual([]);
    expect(await refusals('apps/server/test/z.test.ts', '../src/modules/sport/card/card.service.ts')).toHaveLength(1);
    expect(await refusals('scripts/bench/z.ts', '../../apps/server/src/modules/sport/venue/venue.time.ts')).toHaveLength(1);
  });

  it("lets tests and benches use a module's test kit", async () => {
    expect(await refusals('apps/server/test/z.test.ts', '../src/modules/sport/card/card.testkit.ts')).toEqual([]);
    expect(await refusals('apps/server/src/modules/sport/coach/coach.routes.test.ts', '../member/member.testkit.ts')).toEqual([]);
    expect(await refusals('apps/web/e2e/z.e2e.test.ts', '../../server/src/modules/system/admin.testkit.ts')).toEqual([]);
    expect(await refusals('scripts/bench/z.ts', '../../apps/server/src/modules/sport/commerce/money.races.testkit.ts')).toEqual([]);
    // A service is no test kit, even for a test.
    expect(await refusals('apps/server/src/modules/sport/coach/coach.routes.test.ts', '../member/member.service.ts')).toHaveLength(1);
  });
});
