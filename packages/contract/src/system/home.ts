import { z } from 'zod';

/** `GET home/summary`: counts of the caller's reach (their organisation and everything below it). */
export const homeSummary = z.object({ users: z.number(), orgs: z.number(), sessions: z.number() });
export type HomeSummary = z.output<typeof homeSummary>;
