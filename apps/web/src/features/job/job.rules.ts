import { jobInput, streamInput } from '@venue/contract';

/**
 * The job and stream forms' rules are the contract's (`jobInput`, `streamInput` in
 * packages/contract/src/job.ts), the very schemas the server validates with, so the form says
 * what is wrong before sending. Which fields are required depends on others (the bean of a bean
 * job, the address of an HTTP job, the expression of a cron job, spec 5): the forms mark them
 * `required` ('cannot be empty') and the server checks the same again; its field errors show
 * inline too.
 */
export const jobRules = jobInput.shape;

export const streamRules = streamInput.shape;
