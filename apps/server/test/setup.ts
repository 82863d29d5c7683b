// Vitest setup of the unit and server suites (not the bench, which measures the production path).
import { verifyShapesOnReuse } from '../src/platform/prepared.ts';
import { cheapPasswordHashesForTests } from '../src/platform/password.ts';

verifyShapesOnReuse();
cheapPasswordHashesForTests();
