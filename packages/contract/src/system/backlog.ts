import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields } from '../fields.ts';

/**
 * To-do messages (spec 3 "Todo message", issue 14): a task for one user with its initiator,
 * title, start and completion time. The framework's `api/backlog-list` and
 * `api/update-backlog-status` (spec 7.2) read and complete them; `/config.json` publishes the
 * flag and the base url.
 */
export const BACKLOG_STATUSES = ['incomplete', 'complete'] as const;
export type BacklogStatus = (typeof BACKLOG_STATUSES)[number];
/** The list's filter: all, or one status. */
export const BACKLOG_FILTERS = ['all', ...BACKLOG_STATUSES] as const;

/** The system parameter (`config/...`) that switches to-do messages on. */
export const BACKLOG_CONFIG_CODE = 'message.backlog.enabled';

export const backlogListQuery = pageQuery.extend({
  status: z.enum(BACKLOG_FILTERS).default('all'),
  title: fields.str().trim().max(200).optional(),
});
export type BacklogListQuery = z.infer<typeof backlogListQuery>;

export const backlogRow = z.object({
  id: z.number(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  initiator: z.string(),
  status: fields.textOf(BACKLOG_STATUSES),
  startTime: fields.instantOut,
  completeTime: fields.instantOut.nullable(),
  version: z.number(),
});
export type BacklogRow = z.output<typeof backlogRow>;

/** `api/update-backlog-status`: these of the caller's to-dos become complete (or open again). */
export const backlogStatusBody = z.object({
  ids: fields.idArray(500).min(1),
  status: z.enum(BACKLOG_STATUSES),
});
export type BacklogStatusBody = z.infer<typeof backlogStatusBody>;
export const backlogStatusAnswer = z.object({ updated: z.number().int().min(0), incomplete: z.number().int().min(0) });
