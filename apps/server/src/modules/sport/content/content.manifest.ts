import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../../platform/module.ts';
import * as contentTables from './content.table.ts';
import { contentRoutes } from './content.routes.ts';
import { contentJobHandlers, seedContentJobs } from './content.jobs.ts';
import { seedContentDemo } from './content.seed.ts';

/**
 * Content for the member apps (issue 30, spec 2.5 Content, notification, system rule, platform
 * agreement; spec 3 Banner): one content model for every type with its states, schedule, versions
 * and sanitised rich text; comments with keyword moderation; banners; versioned agreements with
 * their append-only acceptances.
 */
export const contentManifest: ModuleManifest = {
  name: 'sport/content',
  dependsOn: ['system', 'job', 'sport/member'],
  demoAfter: ['sport/member'],
  ui: contractModule('sport/content'),
  tables: { schema: contentTables },
  contributes: { jobs: contentJobHandlers },
  routes: ({ app, ctx }) => contentRoutes(app, ctx),
  seed: ({ db }) => seedContentJobs(db),
  demo: ({ db }) => seedContentDemo(db),
};
