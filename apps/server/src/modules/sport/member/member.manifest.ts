import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as memberTables from './member.table.ts';
import { memberRoutes } from './member.routes.ts';
import { memberOpenRoutes } from './member.open.ts';
import { seedMemberDemo } from './member.seed.ts';
import { plugMemberPorts } from './member.service.ts';

/** Members: records, lists, identity checks, faces, visits. */
export const memberManifest: ModuleManifest = {
  name: 'sport/member',
  // Booking: the members module answers its white-list port.
  dependsOn: ['system', 'open', 'sport/commerce', 'sport/booking'],
  ui: contractModule('sport/member'),
  tables: { schema: memberTables },
  // The commerce core's member and buyer checks, booking's white list.
  plug: () => plugMemberPorts(),
  routes: ({ app, ctx }) => {
    memberRoutes(app, ctx);
    memberOpenRoutes(app, ctx);
  },
  demo: ({ db }) => seedMemberDemo(db),
};
