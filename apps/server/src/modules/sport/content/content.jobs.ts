import type { Db } from '../../../platform/db.ts';
import { SYSTEM_SCOPE } from '../../../platform/scope.ts';
import { seedShippedJobs, type JobHandler } from '../../job/index.ts';
import { insertVersions, publishDue, unpublishDue, type ContentRecord } from './content.repository.ts';

/**
 * The schedule of content (issue 30): every 15 seconds, items whose publish time has come go up and
 * those whose unpublish time has come come down. The job reads what is due from the table, never
 * from memory, so a restart (or a node that was down) catches up on its next run; each move is one
 * conditional write, so two schedulers never move an item twice. An item due to publish with a
 * language missing stays where it is (the editor shows it) until the text is complete.
 */
export async function runContentSchedule(db: Db, now = new Date()): Promise<{ published: number; unpublished: number }> {
  return db.transaction(async (tx) => {
    const up = await publishDue(tx, SYSTEM_SCOPE, now);
    const down = await unpublishDue(tx, SYSTEM_SCOPE, now);
    const version = (c: ContentRecord) => ({
      orgId: c.orgId,
      contentId: c.id,
      no: c.version,
      state: c.state,
      changed: ['state'],
      title: c.title,
      body: c.body,
      byName: null,
    });
    await insertVersions(tx, SYSTEM_SCOPE, [...up, ...down].map(version));
    return { published: up.length, unpublished: down.length };
  });
}

export const contentJobHandlers: JobHandler[] = [
  {
    name: 'content.schedule',
    descriptionKey: 'job.handler.content.schedule',
    platformOnly: true,
    async run({ db }) {
      const r = await runContentSchedule(db);
      return `${r.published} published, ${r.unpublished} unpublished`;
    },
  },
];

/** The schedule's job, created once per database (operators may edit it). */
export async function seedContentJobs(db: Db): Promise<void> {
  await seedShippedJobs(db, 'content_jobs_seeded', 'content', [
    {
      jobName: '内容定时发布与下架',
      beanName: 'content.schedule',
      cronExpr: '0/15 * * * * ?',
      description: 'Publish and unpublish content whose scheduled time has come, every 15 seconds',
    },
  ]);
}
