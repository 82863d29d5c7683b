import { describe, expect, it } from 'vitest';
import { idCardChecksumOk, parseIdCard } from './idcard.ts';

describe('id-card helpers', () => {
  it('reads the birth date of an 18-digit number from characters 7-14', () => {
    expect(parseIdCard('11010519491231002X')).toEqual({ birthday: '1949-12-31', sex: 2 });
    expect(parseIdCard('440524198001010013')).toEqual({ birthday: '1980-01-01', sex: 1 });
  });

  it('reads a 15-digit number as YYMMDD with a 19 prefix', () => {
    expect(parseIdCard('110105491231002')).toEqual({ birthday: '1949-12-31', sex: 2 });
    expect(parseIdCard('440524800101011')).toEqual({ birthday: '1980-01-01', sex: 1 });
  });

  it('takes the sex from the second-to-last digit: odd 1, even 2', () => {
    expect(parseIdCard('110105199003071234')!.sex).toBe(1);
    expect(parseIdCard('110105199003071244')!.sex).toBe(2);
    expect(parseIdCard('110105199003071209')!.sex).toBe(2);
    expect(parseIdCard('11010519900307121X')!.sex).toBe(1);
  });

  it('accepts a lowercase x and surrounding spaces', () => {
    expect(parseIdCard(' 11010519491231002x ')).toEqual({ birthday: '1949-12-31', sex: 2 });
  });

  it('answers null for other lengths, letters and impossible dates', () => {
    for (const bad of [
      '',
      '123',
      '1101051949123100',
      '11010519491331002X',
      '110105194902300021',
      '11010519491231002Y',
      'abcdefghijklmnopqr',
      '110105491331002',
      null,
      undefined,
    ]) {
      expect(parseIdCard(bad as string)).toBeNull();
    }
    expect(parseIdCard('110105200002290011')).toEqual({ birthday: '2000-02-29', sex: 1 });
    expect(parseIdCard('110105190002290011')).toBeNull();
  });

  it('checks the MOD 11-2 check character of 18-digit numbers', () => {
    expect(idCardChecksumOk('11010519491231002X')).toBe(true);
    expect(idCardChecksumOk('11010519491231002x')).toBe(true);
    expect(idCardChecksumOk('110105194912310021')).toBe(false);
    expect(idCardChecksumOk('110105491231002')).toBe(false);
  });
});
