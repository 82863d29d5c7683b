import { SYSTEM_SCOPE } from '../../platform/scope.ts';
import { nextFireTime, type TriggerSpec } from './cron.ts';
import type { EngineContext } from './job.engine.ts';
import { anyStreamDue, lockDueStreams, setStreamFires } from './job.repository.ts';
import { advanceStreamRun, startStreamRun } from './stream.flow.ts';

/**
 * Stream advancing, the engine's side of job streams (the graph rules are in stream.flow.ts):
 * due stream fires are claimed like job fires (`for update skip locked`, "due" by the engine's
 * clock) and start a run whose roots wait in the queue; when a step's result is written, its run
 * moves on and the steps it dispatched are claimed at the next tick, asked for at once.
 */
export class StreamAdvancer {
  constructor(private readonly ctx: EngineContext) {}

  /** Starts a run of every stream whose fire is due; a fire missed by more than the misfire threshold runs once, now. */
  async claimDue(): Promise<void> {
    const { db, clock, log } = this.ctx;
    const now = clock.now();
    let started = 0;
    if (!(await anyStreamDue(db, SYSTEM_SCOPE, new Date(now)))) return;
    await db.transaction(async (tx) => {
      for (const s of await lockDueStreams(tx, SYSTEM_SCOPE, new Date(now))) {
        const planned = s.nextFireAt;
        const spec: TriggerSpec = { triggerType: 'cron', cronExpr: s.cronExpr, intervalSeconds: 0, startTime: new Date(0), timeZone: s.timeZone };
        let next: Date | null = null;
        try {
          next = await nextFireTime(spec, new Date(Math.max(now, planned.getTime())));
        } catch (err) {
          log.error({ err, streamId: s.id }, 'cannot compute the next stream fire');
        }
        const runId = await startStreamRun(
          tx,
          SYSTEM_SCOPE,
          { id: s.id, orgId: s.orgId, name: s.name, nodes: s.nodes, edges: s.edges },
          { trigger: 'schedule', plannedAt: planned, createdBy: null },
        );
        if (runId) started++;
        await setStreamFires(tx, SYSTEM_SCOPE, s.id, next, planned);
      }
    });
    if (started) this.ctx.tickAgain();
  }

  /** Moves a run on after one of its steps ended; wakes the scheduler when steps were dispatched. */
  async advance(runId: number): Promise<void> {
    try {
      const n = await advanceStreamRun(this.ctx.db, SYSTEM_SCOPE, runId);
      if (n) this.ctx.wake();
    } catch (err) {
      this.ctx.log.error({ err, runId }, 'advancing a job stream run failed');
    }
  }
}
