import { contractModule } from '@venue/contract';
import { contributionsOf, type ModuleManifest } from '../../platform/module.ts';
import * as systemTables from './system.table.ts';
import * as accountTables from './account.table.ts';
import * as holidayTables from './holiday.table.ts';
import * as regionTables from './region.table.ts';
import * as versionTables from './version.table.ts';
import * as homeTables from './home.table.ts';
import { systemRoutes } from './system.routes.ts';
import { adminRoutes } from './admin.routes.ts';
import { configRoutes } from './config.routes.ts';
import { strategyRoutes } from './strategy.routes.ts';
import { dictRoutes } from './dict.routes.ts';
import { settingRoutes } from './setting.routes.ts';
import { holidayRoutes } from './holiday.routes.ts';
import { regionRoutes } from './region.routes.ts';
import { versionRoutes } from './version.routes.ts';
import { onlineRoutes } from './online.routes.ts';
import { homeRoutes } from './home.routes.ts';
import { setHomeCards } from './home.cards.ts';
import { platformHomeCard } from './system.home.ts';
import { seedPlatform } from './system.seed.ts';
import { seedDemo } from './demo.seed.ts';

/** Organisations, users, roles, menus, parameters, dictionaries and the rest of system administration. */
export const systemManifest: ModuleManifest = {
  name: 'system',
  dependsOn: [],
  tables: {
    schema: { ...systemTables, ...accountTables, ...holidayTables, ...regionTables, ...versionTables, ...homeTables },
    userOwned: ['sys_password_history', 'sys_user_pref'],
    platformWide: {
      sys_menu: 'one menu tree, granted per role',
      sys_dict: 'one vocabulary for every screen',
      sys_dict_item: 'the items of that vocabulary',
      sys_config: 'settings of the whole installation',
      sys_region: 'the national administrative divisions',
      sys_version: 'one release list per client platform',
      sys_api: "the server's own route table",
      sys_api_role: 'grants set by the platform organisation for roles of any organisation',
      sys_login_failure: 'sign-in failure counters, keyed by login name and address before anyone is signed in',
      sys_meta: "the installation's own bookkeeping (what was seeded once)",
    },
  },
  ui: contractModule('system'),
  // The operator home's cards: every module's (contributes.homeCards) and the platform's own figures.
  plug: ({ modules, config }) => setHomeCards([...contributionsOf(modules, 'homeCards'), platformHomeCard(config.session.idleMinutes)]),
  routes: ({ app, ctx }) => {
    systemRoutes(app, ctx);
    adminRoutes(app, ctx);
    configRoutes(app, ctx);
    strategyRoutes(app, ctx);
    dictRoutes(app, ctx);
    settingRoutes(app, ctx);
    holidayRoutes(app, ctx);
    regionRoutes(app, ctx);
    versionRoutes(app, ctx);
    onlineRoutes(app, ctx);
    homeRoutes(app, ctx);
  },
  seed: ({ db, config, app }) => seedPlatform(db, config, (m) => app.log.warn(m)),
  demo: ({ db, config }) => seedDemo(db, config),
};
