import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { DEFAULT_END, jobToValues, newJobValues, toInstant, valuesToBody } from '../job.form.ts';
import type { Job } from '../job.api.ts';

const saved: Job = {
  id: 7,
  orgId: 1,
  jobName: 'close unpaid orders',
  jobGroup: 'order',
  jobType: 'http',
  beanName: null,
  architecture: 'monolithic',
  triggerType: 'interval',
  cronExpr: null,
  intervalInSeconds: 30,
  repeatCount: 0,
  startTime: '2030-01-01T00:00:00.000Z',
  endTime: null,
  timeZone: 'Asia/Shanghai',
  skipNonWorkDays: true,
  executorPath: '/orders/expire',
  executorIp: '127.0.0.1',
  executorHost: 8080,
  httpMethod: 'POST',
  executeData: { minutes: 15 },
  recordAnswer: true,
  description: null,
  status: 1,
  misfirePolicy: 'skip',
  blockingStrategy: 'discard',
  timeoutSeconds: 60,
  retryCount: 2,
  retryDelaySeconds: 5,
  alarmOnFailure: false,
  prevFireTime: null,
  nextFireTime: null,
  fireCount: 0,
  creator: 'admin',
  createdBy: 1,
  createTime: '2030-01-01T00:00:00.000Z',
  updateTime: '2030-01-01T00:00:00.000Z',
  version: 3,
};

describe('job form values <-> body', () => {
  it('a new job: cron every minute from today, forever, no end before 2099', () => {
    const v = newJobValues();
    expect(v).toMatchObject({ triggerType: 'cron', cronExpr: '0 * * * * ?', periodic: true, repeatCount: -1, endTime: DEFAULT_END, jobType: 'bean' });
    expect(v.startTime).toBe(dayjs().startOf('day').format('YYYY-MM-DD HH:mm:ss'));
  });

  it('a saved job round-trips to the same body (the whole job, its status kept)', () => {
    const v = jobToValues(saved);
    expect(v.periodic).toBe(false);
    expect(v.endTime).toBe(DEFAULT_END);
    expect(v.executeData.map((r) => [r.key, r.type, r.value])).toEqual([['minutes', 'number', '15']]);
    const body = valuesToBody(v, saved.status);
    expect(body).toMatchObject({
      jobName: 'close unpaid orders',
      jobType: 'http',
      beanName: null,
      triggerType: 'interval',
      cronExpr: null,
      intervalInSeconds: 30,
      repeatCount: 0,
      executorPath: '/orders/expire',
      executorIp: '127.0.0.1',
      executorHost: 8080,
      executeData: { minutes: 15 },
      recordAnswer: true,
      status: 1,
      misfirePolicy: 'skip',
      blockingStrategy: 'discard',
      retryCount: 2,
      timeZone: 'Asia/Shanghai',
    });
    expect(body.startTime).toBe('2030-01-01T00:00:00.000Z');
    expect(body.endTime).toBe(dayjs(DEFAULT_END).toISOString());
  });

  it('a bean cron job sends no executor, no interval; periodic off sends repeat count 0', () => {
    const body = valuesToBody(
      {
        ...newJobValues(),
        jobName: ' beat ',
        beanName: 'noop',
        cronExpr: '0/2  *  * * * ?',
        executorIp: 'x',
        periodic: false,
        repeatCount: 5,
        executeData: [],
      },
      0,
    );
    expect(body).toMatchObject({
      jobName: 'beat',
      jobType: 'bean',
      beanName: 'noop',
      cronExpr: '0/2 * * * * ?',
      intervalInSeconds: 0,
      repeatCount: 0,
      executorIp: null,
      executorHost: null,
      executeData: null,
      recordAnswer: false,
    });
    // A new job does not keep answers unless asked.
    expect(newJobValues().recordAnswer).toBe(false);
    expect(valuesToBody({ ...newJobValues(), jobType: 'http', recordAnswer: true }, 0).recordAnswer).toBe(true);
  });

  it('local picker times become instants', () => {
    expect(toInstant(null)).toBeNull();
    expect(toInstant('2030-01-01 08:00:00')).toBe(dayjs('2030-01-01 08:00:00').toISOString());
  });
});
