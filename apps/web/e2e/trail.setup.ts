import { afterEach, beforeEach } from 'vitest';
import { trail } from './support.ts';

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
