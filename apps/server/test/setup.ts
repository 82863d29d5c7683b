// Vitest setup of the unit and server suites (not the bench, which measures the production path).
// It runs before every test file, also where files share one process (vitest.config.ts).
import { verifyShapesOnReuse } from '../src/platform/prepared.ts';
import { cheapPasswordHashesForTests } from '../src/platform/password.ts';
import { forgetProcessCaches } from '../src/platform/processCache.ts';

verifyShapesOnReuse();
cheapPasswordHashesForTests();
// The file before this one ran on another database whose ids were the same numbers.
forgetProcessCaches();
