import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import { findCourse } from '../course/index.ts';
import { findGoods } from '../goods/index.ts';
import { findVenue } from '../venue/index.ts';
import { registerPageBindable } from './deskops.bindables.ts';
import * as deskOpsTables from './deskops.table.ts';
import { deskOpsRoutes } from './deskops.routes.ts';
import { seedDeskOpsDemo } from './deskops.seed.ts';
import { feedbackAnsweredType } from './deskops.types.ts';
import { findContent } from '../content/index.ts';

/**
 * The desk's operations (issue 30, operations half): feedback answered through messaging, work
 * orders with an SLA, event reporting, the take-a-number queue and the member app's page settings,
 * whose slots bind courses, goods and venues (registered here; other modules register their kinds).
 */
export const deskOpsManifest: ModuleManifest = {
  name: 'sport/desk-ops',
  dependsOn: ['system', 'message', 'sport/venue', 'sport/course', 'sport/goods', 'sport/content'],
  demoAfter: ['sport/booking', 'sport/course', 'sport/goods'],
  ui: contractModule('sport/desk-ops'),
  tables: { schema: deskOpsTables },
  contributes: { messageTypes: [feedbackAnsweredType] },
  plug: () => {
    registerPageBindable('course', async (db, scope, id) => {
      const c = await findCourse(db, scope, id);
      return c && { name: c.name };
    });
    registerPageBindable('goods', async (db, scope, id) => {
      const g = await findGoods(db, scope, id);
      return g && { name: g.name };
    });
    registerPageBindable('venue', async (db, scope, id) => {
      const v = await findVenue(db, scope, id);
      return v && { name: v.stadiumName };
    });
    registerPageBindable('content', async (db, scope, id) => {
      const c = await findContent(db, scope, id);
      return c && { name: c.title.zhCN ?? c.title.enUS ?? String(c.id) };
    });
  },
  routes: ({ app, ctx }) => deskOpsRoutes(app, ctx),
  demo: ({ db }) => seedDeskOpsDemo(db),
};
