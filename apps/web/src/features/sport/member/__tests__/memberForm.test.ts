import { describe, expect, it } from 'vitest';
import { corporateFields, fillFromIdCard, memberFields, memberToBody } from '../memberForm.tsx';
import { endOfDayIso } from '../shared.tsx';

describe('the member form', () => {
  it('fills birthday and sex from an identity card number, as the server does', () => {
    const set: Record<string, unknown>[] = [];
    const form = { setFieldsValue: (v: Record<string, unknown>) => set.push(v) };
    fillFromIdCard({ idNo: '11010519491231002X' }, { idType: '1', idNo: '11010519491231002X' }, form);
    expect(set).toEqual([{ birthday: '1949-12-31', sex: 2 }]);
    // Another document type, another field, or a number that is not one: nothing is filled.
    fillFromIdCard({ idNo: 'E12345678' }, { idType: '2', idNo: '440524198001010013' }, form);
    fillFromIdCard({ name: 'x' }, { idType: '1', idNo: '440524198001010013' }, form);
    fillFromIdCard({ idNo: '4405' }, { idType: '1', idNo: '4405' }, form);
    expect(set).toHaveLength(1);
    // No id type chosen yet counts as the identity card.
    fillFromIdCard({ idNo: '440524198001010013' }, { idNo: '440524198001010013' }, form);
    expect(set[1]).toEqual({ birthday: '1980-01-01', sex: 1 });
  });

  it('sends a phone typed in the digits-only input as text', () => {
    expect(memberToBody({ name: 'a', phone: 13900000001 })).toEqual({ name: 'a', phone: '13900000001' });
    expect(memberToBody({ phone: '13900000001' })).toEqual({ phone: '13900000001' });
  });

  it('leaves masked phone and id number out of the edit form without the private permission', () => {
    const modes = (canPrivate: boolean, name: string) => memberFields(canPrivate).find((f) => f.name === name)?.modes;
    expect(modes(false, 'phone')).toEqual(['add']);
    expect(modes(false, 'idNo')).toEqual(['add']);
    expect(modes(true, 'phone')).toBeUndefined();
    expect(corporateFields(false).find((f) => f.name === 'phone')?.modes).toEqual(['add']);
  });

  it('reads "valid until" a day as the end of that day', () => {
    const end = new Date(endOfDayIso('2027-03-31'));
    expect([end.getFullYear(), end.getMonth() + 1, end.getDate(), end.getHours(), end.getMinutes()]).toEqual([2027, 3, 31, 23, 59]);
  });
});
