import { eq } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import type { OperationLogWriter } from '../../platform/pipeline.ts';
import { operLogs } from './log.table.ts';

/**
 * The operation log as the request pipeline writes it (docs/decisions.md, "Operation log"): the
 * row before the action (`begin`; when it cannot be written the action does not run), its result
 * and duration after (`finish`). A row that is gone when the result comes (the action itself
 * cleared the log), or that was never written (a call refused before it), is written whole.
 */
export function operationLogWriter(db: Executor): OperationLogWriter {
  return {
    async begin(row) {
      const [written] = await db
        .insert(operLogs)
        .values({ ...row, params: row.params as object })
        .returning({ id: operLogs.id });
      return written!.id;
    },
    async finish(id, row, { code, durationMs }) {
      // A sign-in learns its operator only when it has run (row.userId set now, not at begin).
      const operator = row.userId === undefined ? {} : { userId: row.userId, userName: row.userName, orgId: row.orgId };
      const updated =
        id === undefined
          ? []
          : await db
              .update(operLogs)
              .set({ code, durationMs, ...operator })
              .where(eq(operLogs.id, id))
              .returning({ id: operLogs.id });
      if (!updated.length) await db.insert(operLogs).values({ ...row, params: row.params as object, code, durationMs });
    },
  };
}
