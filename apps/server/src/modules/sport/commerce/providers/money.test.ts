import { describe, expect, it } from 'vitest';
import { cstCompact, cstDateTime, cstDay, cstRfc3339, fenToYuan, parseCst, parseFen, yuanToFen } from './money.ts';

describe('fen and yuan at the provider boundary', () => {
  it('writes fen as yuan text with two decimals', () => {
    expect([0, 1, 10, 99, 100, 1999, 12345, 900719925474099].map(fenToYuan)).toEqual([
      '0.00',
      '0.01',
      '0.10',
      '0.99',
      '1.00',
      '19.99',
      '123.45',
      '9007199254740.99',
    ]);
    expect(() => fenToYuan(1.5)).toThrow(RangeError);
    expect(() => fenToYuan(-1)).toThrow(RangeError);
  });

  it('reads yuan text exactly (no floating point: 19.99 is 1999 fen, 0.07 is 7)', () => {
    expect(['0.01', '0.1', '1', '19.99', '0.07', '1.10', ' 2.5 '].map((y) => yuanToFen(y))).toEqual([1, 10, 100, 1999, 7, 110, 250]);
    expect(yuanToFen(0.29)).toBe(29); // 0.29 * 100 is 28.999999999999996 in floating point
    for (const bad of ['1.001', '-1', '1e3', '', '.5', '1.', 'abc']) expect(() => yuanToFen(bad), bad).toThrow(RangeError);
  });

  it('reads fen text and refuses fractions', () => {
    expect(parseFen('100')).toBe(100);
    expect(parseFen(7)).toBe(7);
    expect(() => parseFen('1.5')).toThrow(RangeError);
  });

  it('prints China time whatever the process time zone', () => {
    const d = new Date('2024-05-01T16:04:05Z');
    expect(cstDateTime(d)).toBe('2024-05-02 00:04:05');
    expect(cstCompact(d)).toBe('20240502000405');
    expect(cstRfc3339(d)).toBe('2024-05-02T00:04:05+08:00');
    expect(cstDay(d)).toBe('2024-05-02');
    expect(parseCst('2024-05-02 00:04:05')!.toISOString()).toBe('2024-05-01T16:04:05.000Z');
    expect(parseCst('20240502000405')!.toISOString()).toBe('2024-05-01T16:04:05.000Z');
    expect(new Date(cstRfc3339(d)).getTime()).toBe(d.getTime());
  });
});
