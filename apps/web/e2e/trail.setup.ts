import { afterEach, beforeEach } from 'vitest';
import { trail } from './support.ts';

// Each test starts with an empty trail; a failed one prints what its browsers met (support.ts).
beforeEach(() => {
  trail.length = 0;
});
afterEach((ctx) => {
  if (ctx.task.result?.state === 'fail' && trail.length) console.log(`What the browser met in "${ctx.task.name}":\n${trail.join('\n')}`);
});
