import { afterEach, beforeEach } from 'vitest';
import { forgetProcessCaches } from '../../server/src/platform/processCache.ts';
import { trail } from './support.ts';

// Files run one after another in one process (vitest.e2e.config.ts): the file before this one ran
// on another database whose ids were the same numbers.
forgetProcessCaches();

// Each test starts with an empty trail. A failed one carries what its browsers met (support.ts) in
// its error, so the summary of failures at the end of a long CI log says it too.
beforeEach(() => {
  trail.length = 0;
});
afterEach((ctx) => {
  const error = ctx.task.result?.errors?.[0];
  if (ctx.task.result?.state !== 'fail' || !trail.length) return;
  const met = `What the browser met in "${ctx.task.name}":\n${trail.join('\n')}`;
  console.log(met);
  if (error) error.message = `${error.message}\n\n${met}`;
});
