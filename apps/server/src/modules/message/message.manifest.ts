import { contractModule } from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import type { Caller } from '../../platform/http.ts';
import { contributionsOf, type ModuleManifest } from '../../platform/module.ts';
import { unreadMessages } from '../auth/index.ts';
import { jobAlarm } from '../job/index.ts';
import * as messageTables from './message.table.ts';
import * as stationTables from './station/station.table.ts';
import * as backlogTables from './backlog/backlog.table.ts';
import { messageRoutes } from './message.routes.ts';
import { messageGauges } from './message.gauges.ts';
import { stationRoutes } from './station/station.routes.ts';
import { backlogRoutes } from './backlog/backlog.routes.ts';
import { collectMessageTypes, JOB_FAILED_TYPE, seedMessageDefaults, seedMessageDemo } from './message.seed.ts';
import { seedStationDemo } from './station/station.seed.ts';
import { messageJobAlarm } from './message.alarm.ts';
import { stationUnread } from './station/station.service.ts';

/** The signed-in user state's unread-message flag (spec 3). */
const hasUnreadStation = async (db: Db, caller: Caller) => (await stationUnread(db, caller)) > 0;

/** Messaging: channels, business types, templates, the send queue; station messages and to-dos. */
export const messageManifest: ModuleManifest = {
  name: 'message',
  dependsOn: ['system', 'auth', 'job'],
  tables: { schema: { ...messageTables, ...stationTables, ...backlogTables } },
  ui: contractModule('message'),
  // Its own business type; every module's (its own included) are collected at plug and seeded.
  contributes: { messageTypes: [JOB_FAILED_TYPE], gauges: messageGauges },
  plug: ({ modules }) => {
    collectMessageTypes(contributionsOf(modules, 'messageTypes'));
    unreadMessages.plug(hasUnreadStation);
    // Failed job runs are announced through the job.failed business type.
    jobAlarm.plug(messageJobAlarm);
  },
  routes: ({ app, ctx }) => {
    messageRoutes(app, ctx);
    stationRoutes(app, ctx);
    backlogRoutes(app, ctx);
  },
  seed: ({ db }) => seedMessageDefaults(db),
  demo: async ({ db }) => {
    await seedMessageDemo(db);
    await seedStationDemo(db);
  },
};
