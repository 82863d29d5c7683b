import { describe, expect, it } from 'vitest';
import { answerText, isoText } from './http.ts';

/** The reply serializer writes what JSON.stringify writes, Dates as ISO text, and changes nothing it is given. */
describe('answerText', () => {
  it('writes the same text as JSON.stringify', () => {
    const when = new Date('2026-11-23T05:51:29.123Z');
    const payload = {
      code: 0,
      msg: '成功',
      body: {
        total: 2,
        data: [
          { id: 1, name: '王会员', createTime: when, tags: ['a', null], nested: { at: when, list: [when, 1, 'x'] }, none: null, skipped: undefined },
          { id: 2, name: 'Plain', createTime: null, custom: { toJSON: () => 'custom' }, empty: {} },
        ],
      },
    };
    const before = structuredClone(payload.body.data[0]);
    expect(answerText(payload)).toBe(JSON.stringify(payload));
    expect(JSON.parse(answerText(payload)).body.data[0].nested.list[0]).toBe('2026-11-23T05:51:29.123Z');
    // The caller's objects keep their Dates.
    expect(payload.body.data[0]!.createTime).toBe(when);
    expect(payload.body.data[0]).toEqual(before);
    expect(answerText([when])).toBe(JSON.stringify([when]));
    expect(answerText(when)).toBe(JSON.stringify(when));
    expect(answerText(null)).toBe('null');
  });

  it('writes each Date as toISOString does', () => {
    const edges = [
      0, -1, 1, -62167219200000, -62167219200001, 253402300799999, 253402300800000, 951782400000, 951868800000, 4107542399999, -2208988800001, 8.64e15,
      -8.64e15,
    ];
    const random = Array.from({ length: 20000 }, () => Math.floor((Math.random() * 2 - 1) * 7e13));
    for (const t of [...edges, ...random]) expect(isoText(new Date(t)), String(t)).toBe(new Date(t).toISOString());
    expect(() => isoText(new Date(NaN))).toThrow(RangeError);
  });
});
