import { z } from 'zod';

/**
 * The job form's rules, mirroring the server's jobInput (apps/server job.routes.ts) so the
 * form says what is wrong before sending; the server stays the authority (its field errors
 * show inline too). Required fields per spec 5 answer 'cannot be empty'.
 */
const text = (max: number) => z.string().trim().min(1).max(max);
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

export const jobRules = {
  jobName: text(64),
  jobGroup: text(64),
  jobType: z.enum(['bean', 'http']),
  beanName: text(64),
  architecture: z.enum(['monolithic', 'distributed']),
  triggerType: z.enum(['cron', 'interval']),
  cronExpr: text(200),
  /** Spec 9: 0 to 9999999999. */
  intervalInSeconds: int(0, 9999999999),
  /** Spec 9: -1 to 9999999. */
  repeatCount: int(-1, 9999999),
  executorPath: text(300),
  executorIp: text(255),
  executorHost: int(1, 65535),
  description: z.string().max(500).optional(),
  timeoutSeconds: int(0, 86400),
  retryCount: int(0, 10),
  retryDelaySeconds: int(0, 3600),
} as const;

export const streamRules = {
  name: text(64),
  description: z.string().max(500).optional(),
  cronExpr: z.string().max(200).optional(),
  nodeKey: z.string().regex(/^[\w.-]{1,64}$/),
};
