import { describe, expect, it } from 'vitest';
import { acceptedCron, refusedCron } from '@venue/contract';
import {
  buildCron,
  changeField,
  dayRuleProblem,
  defaultField,
  defaultState,
  fieldText,
  parseCron,
  parseField,
  stateProblem,
  textDayRuleProblem,
  textProblem,
  type CronState,
} from '../cron.ts';
import en from '../messages.en-US.ts';
import zh from '../messages.zh-CN.ts';
import { paramsToRows, rowProblems, rowsToParams, type ParamRow } from '../params.ts';
import { windowProblem } from '../time.ts';

const stateOf = (expr: string): CronState => {
  const r = parseCron(expr);
  if (!('state' in r)) throw new Error(`not parsed: ${expr}`);
  return r.state;
};

describe('cron text -> tabs', () => {
  it('reads every kind of every field', () => {
    const s = stateOf('0/2 5-10 1,3,12 ? JAN-MAR MON#2 2030');
    expect(s.second).toMatchObject({ kind: 'step', start: 0, every: 2 });
    expect(s.minute).toMatchObject({ kind: 'range', from: 5, to: 10 });
    expect(s.hour).toMatchObject({ kind: 'list', values: [1, 3, 12] });
    expect(s.day.kind).toBe('none');
    expect(s.month).toMatchObject({ kind: 'range', from: 1, to: 3 });
    expect(s.week).toMatchObject({ kind: 'nth', day: 2, nth: 2 });
    expect(s.year).toMatchObject({ kind: 'list', values: [2030] });
  });

  it('reads the day specials: L, LW, nW; and the week specials: dL, d#n, ?', () => {
    expect(parseField('day', 'L').kind).toBe('last');
    expect(parseField('day', 'lw').kind).toBe('lastWorkday');
    expect(parseField('day', '15W')).toMatchObject({ kind: 'nearestWeekday', day: 15 });
    expect(parseField('week', '6L')).toMatchObject({ kind: 'lastOfMonth', day: 6 });
    expect(parseField('week', 'FRIL')).toMatchObject({ kind: 'lastOfMonth', day: 6 });
    expect(parseField('week', '2#5')).toMatchObject({ kind: 'nth', day: 2, nth: 5 });
    expect(parseField('week', '?').kind).toBe('none');
    expect(parseField('week', 'SUN,SAT')).toMatchObject({ kind: 'list', values: [1, 7] });
  });

  it('reads */n as a step from the first value and leaves the year out of a 6-field text', () => {
    const s = stateOf('*/2 * * * * ?');
    expect(s.second).toMatchObject({ kind: 'step', start: 0, every: 2 });
    expect(s.year.kind).toBe('omit');
    expect(stateOf('0 0 12 */3 * ?').day).toMatchObject({ kind: 'step', start: 1, every: 3 });
  });

  it('keeps what the tabs cannot show as custom text, unchanged', () => {
    expect(parseField('minute', '1-5,10')).toMatchObject({ kind: 'custom', raw: '1-5,10' });
    expect(parseField('day', 'L-3')).toMatchObject({ kind: 'custom', raw: 'L-3' });
    expect(parseField('hour', '1-10/2')).toMatchObject({ kind: 'custom', raw: '1-10/2' });
    expect(parseField('hour', '25')).toMatchObject({ kind: 'custom', raw: '25' });
    expect(parseField('hour', '?')).toMatchObject({ kind: 'custom', raw: '?' });
    expect(parseField('week', '9#1')).toMatchObject({ kind: 'custom' });
    expect(parseField('week', '2#6')).toMatchObject({ kind: 'custom' });
    expect(buildCron(stateOf('0 1-5,10 * L-3 * ?'))).toBe('0 1-5,10 * L-3 * ?');
  });

  it('names the shape problems', () => {
    expect(parseCron('  ')).toEqual({ error: { key: 'cron.error.empty' } });
    expect(parseCron('0 12 * * ?')).toEqual({ error: { key: 'cron.error.parts', n: 5 } });
    expect(parseCron('0 0 12 * * ? 2030 x')).toEqual({ error: { key: 'cron.error.parts', n: 8 } });
  });
});

describe('tabs -> cron text', () => {
  it('round-trips canonical expressions', () => {
    for (const e of [
      '0/2 * * * * ?',
      '0 0/5 * * * ?',
      '0 30 3 * * ?',
      '0 0 12 ? * 2-6',
      '0 0 12 L * ?',
      '0 0 12 LW * ?',
      '0 0 12 15W * ?',
      '0 0 12 ? * 6L',
      '0 0 12 ? * 2#1',
      '0 0 0 1 1 ? 2030-2035',
      '0 0 0 1 1 ? 2030/2',
      '0 0 0 29 2 ? *',
      '5,10,15 * * * * ?',
    ]) {
      expect(buildCron(stateOf(e)), e).toBe(e);
    }
  });

  it('writes names and */n in the numeric form', () => {
    expect(buildCron(stateOf('*/2 * * * JAN,FEB ? '))).toBe('0/2 * * * 1,2 ?');
    expect(buildCron(stateOf('0 0 12 ? * MON-FRI'))).toBe('0 0 12 ? * 2-6');
  });

  it('starts at every minute, second 0', () => {
    expect(buildCron(defaultState())).toBe('0 * * * * ?');
  });

  it('sorts list values and writes each kind', () => {
    expect(fieldText('hour', { ...defaultField('hour', 'list'), values: [12, 3, 7] })).toBe('3,7,12');
    expect(fieldText('day', { ...defaultField('day', 'nearestWeekday'), day: 10 })).toBe('10W');
    expect(fieldText('week', { ...defaultField('week', 'nth'), day: 4, nth: 3 })).toBe('4#3');
    expect(fieldText('year', defaultField('year', 'omit'))).toBe('');
  });
});

describe('the day / weekday rule of spec 5', () => {
  it('refuses both not specified and both specified', () => {
    expect(dayRuleProblem(stateOf('0 0 12 ? * ?'))).toBe('cron.error.dayRuleNone');
    expect(dayRuleProblem(stateOf('0 0 12 * * *'))).toBe('cron.error.dayRuleBoth');
    expect(dayRuleProblem(stateOf('0 0 12 * * ?'))).toBeNull();
    expect(dayRuleProblem(stateOf('0 0 12 ? * 2'))).toBeNull();
    expect(textDayRuleProblem('0 0 12 ? * ?')).toBe('cron.error.dayRuleNone');
    expect(textDayRuleProblem('0 0 12 *')).toBeNull();
  });

  it('choosing a day makes the weekday not specified, and the other way round', () => {
    const s = stateOf('0 0 12 ? * 2');
    const byDay = changeField(s, 'day', { ...s.day, kind: 'last' });
    expect(buildCron(byDay)).toBe('0 0 12 L * ?');
    const byWeek = changeField(byDay, 'week', { ...byDay.week, kind: 'nth', day: 6, nth: 1 });
    expect(buildCron(byWeek)).toBe('0 0 12 ? * 6#1');
    // Both set to 'not specified' stays so, and is reported.
    const both = changeField(byWeek, 'week', { ...byWeek.week, kind: 'none' });
    expect(buildCron(both)).toBe('0 0 12 ? * ?');
    expect(stateProblem(both)).toEqual({ field: null, key: 'cron.error.dayRuleNone' });
  });

  it('reports an empty list and a step out of range before asking the server', () => {
    const s = defaultState();
    expect(stateProblem({ ...s, hour: { ...s.hour, kind: 'list', values: [] } })).toEqual({ field: 'hour', key: 'cron.error.listEmpty' });
    expect(stateProblem({ ...s, minute: { ...s.minute, kind: 'step', every: 61 } })).toEqual({ field: 'minute', key: 'cron.error.step' });
    expect(stateProblem(s)).toBeNull();
  });
});

describe('the console and the server hold the same cron grammar (issue 33)', () => {
  // The server's cron.test.ts walks the very same lists.
  it.each(acceptedCron)('the editor accepts %j', (expr) => {
    expect(textProblem(expr)).toBeNull();
  });

  it.each(refusedCron)('the editor refuses $expr ($key $field), before asking the server', ({ expr, key, field }) => {
    const p = textProblem(expr);
    expect(p).not.toBeNull();
    if (key === 'field') expect(p).toMatchObject({ key: `cron.error.field.${field}`, params: { value: expect.any(String) } });
    else if (key === 'dayRule') expect(p!.key).toMatch(/^cron\.error\.dayRule(Both|None)$/);
    else expect(p!.key).toBe(`cron.error.${key}`);
  });

  it('says which field is wrong and its bounds, in both languages', () => {
    expect(textProblem('0 0 12 * * ? 2100')).toEqual({ key: 'cron.error.field.year', params: { value: '2100', min: 1970, max: 2099 } });
    expect(textProblem('0 0 /24 ? * 2-6')).toEqual({ key: 'cron.error.field.hour', params: { value: '/24', min: 0, max: 23 } });
    for (const m of [en, zh]) {
      for (const f of ['second', 'minute', 'hour', 'dayOfMonth', 'month', 'dayOfWeek', 'year'])
        expect(m.cron.error.field[f as keyof typeof m.cron.error.field]).toContain('{{value}}');
      for (const d of ['moved', 'once', 'first', 'second']) expect(m.cron.dst[d as keyof typeof m.cron.dst]).toBeTruthy();
    }
  });

  it('the step tabs stop at the largest step Quartz takes: 59 seconds, 23 hours, 31 days, 7 weekdays', () => {
    const s = defaultState();
    expect(stateProblem({ ...s, second: { ...s.second, kind: 'step', every: 60 } })).toEqual({ field: 'second', key: 'cron.error.step' });
    expect(stateProblem({ ...s, hour: { ...s.hour, kind: 'step', every: 24 } })).toEqual({ field: 'hour', key: 'cron.error.step' });
    expect(stateProblem({ ...s, hour: { ...s.hour, kind: 'step', every: 23 } })).toBeNull();
    expect(stateProblem({ ...s, day: { ...s.day, kind: 'step', every: 31 }, week: { ...s.week, kind: 'none' } })).toBeNull();
    expect(buildCron(stateOf('0 10,44 14 ? 3 WED'))).toBe('0 10,44 14 ? 3 4');
  });
});

describe('ParamTable rows <-> executeData', () => {
  const rows = (r: Omit<ParamRow, 'id'>[]): ParamRow[] => r.map((x, i) => ({ ...x, id: String(i) }));
  it('keeps types both ways', () => {
    const data = { ms: 1500, fail: false, name: 'x', nested: { a: [1, 2] } };
    const back = rowsToParams(paramsToRows(data));
    expect(back).toEqual(data);
    expect(paramsToRows(data).map((r) => r.type)).toEqual(['number', 'boolean', 'string', 'json']);
    expect(paramsToRows(null)).toEqual([]);
    expect(rowsToParams([])).toBeNull();
    expect(paramsToRows([1, 2])).toMatchObject([{ key: 'value', type: 'json', value: '[1,2]' }]);
  });
  it('names each row problem', () => {
    expect(
      rowProblems(
        rows([
          { key: '', type: 'string', value: 'a' },
          { key: 'a', type: 'number', value: '1x' },
          { key: 'a', type: 'string', value: '' },
          { key: 'b', type: 'boolean', value: 'yes' },
          { key: 'c', type: 'json', value: '{' },
          { key: 'd', type: 'number', value: '-1.5' },
        ]),
      ),
    ).toEqual([
      { index: 0, field: 'key', key: 'params.keyEmpty' },
      { index: 1, field: 'value', key: 'params.notNumber' },
      { index: 2, field: 'key', key: 'params.keyDuplicate' },
      { index: 3, field: 'value', key: 'params.notBoolean' },
      { index: 4, field: 'value', key: 'params.notJson' },
    ]);
  });
});

describe('job times', () => {
  it('end earlier than start is a problem; equal or missing is not', () => {
    expect(windowProblem('2030-01-02 00:00:00', '2030-01-01 00:00:00')).toBe(true);
    expect(windowProblem('2030-01-01 00:00:00', '2030-01-01 00:00:00')).toBe(false);
    expect(windowProblem(null, '2030-01-01 00:00:00')).toBe(false);
  });
});
