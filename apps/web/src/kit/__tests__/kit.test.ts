import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { dictBody, itemName, userCreate } from '@venue/contract';
import { filterInteger, filterNumber, parseFiltered } from '../filters.ts';
import { changedValues, hasChanges, sameValue } from '../diff.ts';
import { buildExportQuery, buildListQuery, cleanFilters, idsPath, searchFilters, selectionProblem, sortOf } from '../query.ts';
import { checkImportFile, extensionOf, formatSize, importReportOf, sniff } from '../file.ts';
import { isRequired, validateValue } from '../zodRule.ts';
import { formFieldOf } from '../form.ts';

const t = (key: string, p?: Record<string, unknown>) => (p ? `${key}:${JSON.stringify(p)}` : key);

describe('input filters', () => {
  it('number-only keeps digits, one point and N decimals', () => {
    expect(filterNumber('12a.3b4', { decimals: 2 })).toBe('12.34');
    expect(filterNumber('1.2.3.4', { decimals: 3 })).toBe('1.234');
    expect(filterNumber('12.3456', { decimals: 2 })).toBe('12.34');
    expect(filterNumber('.5', { decimals: 2 })).toBe('0.5');
    expect(filterNumber('007', { decimals: 2 })).toBe('7');
    expect(filterNumber('00.50', { decimals: 2 })).toBe('0.50');
    expect(filterNumber('-3.2', { decimals: 1 })).toBe('3.2');
    expect(filterNumber('-3.2', { decimals: 1, negative: true })).toBe('-3.2');
    expect(filterNumber('12.', { decimals: 2 })).toBe('12.');
    expect(filterNumber('1.5', { decimals: 0 })).toBe('15');
    expect(filterNumber(null)).toBe('');
  });
  it('integer-only keeps digits', () => {
    expect(filterInteger('1a2.3')).toBe('123');
    expect(filterInteger('-42')).toBe('42');
    expect(filterInteger('-42', { negative: true })).toBe('-42');
    expect(filterInteger('  ')).toBe('');
  });
  it('parses the filtered text', () => {
    expect(parseFiltered('12.')).toBe(12);
    expect(parseFiltered('')).toBeNull();
    expect(parseFiltered('-')).toBeNull();
    expect(parseFiltered('0.25')).toBe(0.25);
  });
});

describe('no changes, no need to save', () => {
  it('treats empty values alike and numbers by value', () => {
    expect(sameValue('', null)).toBe(true);
    expect(sameValue(undefined, '  ')).toBe(true);
    expect(sameValue(1, '1')).toBe(true);
    expect(sameValue([1, 2], [1, 2])).toBe(true);
    expect(sameValue([1, 2], [2, 1])).toBe(false);
    expect(sameValue(true, 'true')).toBe(false);
    expect(sameValue(' a ', 'a')).toBe(true);
  });
  it('answers the changed fields only', () => {
    const initial = { name: 'Ann', mobile: null, status: 0, remark: '' };
    expect(hasChanges(initial, { name: 'Ann', mobile: '', status: '0', remark: undefined })).toBe(false);
    expect(changedValues(initial, { name: 'Anna', mobile: '', status: 1, remark: '' })).toEqual({ name: 'Anna', status: 1 });
    expect(changedValues(initial, { name: 'Anna', status: 1 }, ['status'])).toEqual({ status: 1 });
  });
});

describe('list query', () => {
  it('builds the list body: paging, sort, cleaned filters, extra filters', () => {
    const body = buildListQuery(
      { filters: { name: ' ann ', code: '', status: 0, tags: [] }, pageNum: 2, pageSize: 20, sortField: 'name', sortOrder: 'descend' },
      { orgId: 3 },
    );
    expect(body).toEqual({ name: 'ann', status: 0, orgId: 3, pageNum: 2, pageSize: 20, sortField: 'name', sortOrder: 'descend' });
    expect(buildListQuery({ filters: {}, pageNum: 1, pageSize: 10, sortField: 'name' })).toEqual({ pageNum: 1, pageSize: 10 });
  });
  it('exports with filters and sort but no paging', () => {
    expect(buildExportQuery({ filters: { name: 'x' }, pageNum: 3, pageSize: 10, sortField: 'code', sortOrder: 'ascend' })).toEqual({
      name: 'x',
      sortField: 'code',
      sortOrder: 'ascend',
    });
  });
  it('formats dates and splits date ranges', () => {
    const d = (s: string) => ({ format: () => s });
    expect(cleanFilters({ day: d('2024-05-01') })).toEqual({ day: '2024-05-01' });
    expect(
      searchFilters({ created: [d('2024-01-01'), d('2024-01-31')], name: 'a' }, [{ name: 'created', type: 'dateRange', rangeKeys: ['beginDate', 'endDate'] }]),
    ).toEqual({
      beginDate: '2024-01-01',
      endDate: '2024-01-31',
      name: 'a',
    });
    expect(searchFilters({ created: null }, [{ name: 'created', type: 'dateRange' }])).toEqual({});
  });
  it('maps the table sorter', () => {
    expect(sortOf({ columnKey: 'createTime', order: 'descend' })).toEqual({ sortField: 'createTime', sortOrder: 'descend' });
    expect(sortOf({ columnKey: 'x', order: null })).toEqual({ sortField: undefined, sortOrder: undefined });
    expect(sortOf({ field: 'n', order: 'ascend' }, () => 'name')).toEqual({ sortField: 'name', sortOrder: 'ascend' });
  });
  it('gives the spec prompts for selections', () => {
    expect(selectionProblem('delete', 0)).toBe('selectNone');
    expect(selectionProblem('some', 0)).toBe('selectAtLeastOne');
    expect(selectionProblem('one', 0)).toBe('selectAtLeastOne');
    expect(selectionProblem('one', 2)).toBe('selectOnlyOne');
    expect(selectionProblem('one', 1)).toBeNull();
    expect(selectionProblem('delete', 3)).toBeNull();
    expect(selectionProblem('none', 0)).toBeNull();
  });
  it('joins batch ids with commas', () => {
    expect(idsPath('/api/system/role/', [1, 2, 3])).toBe('/api/system/role/1,2,3');
  });
});

describe('import file checks', () => {
  const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2]);
  const text = new TextEncoder().encode('code\tname\nann\tAnn\n');
  it('accepts xlsx and txt only', () => {
    expect(checkImportFile({ name: 'u.csv', size: 10 })?.key).toBe('importBadType');
    expect(checkImportFile({ name: 'u.XLSX', size: 10 }, { head: zip })).toBeNull();
    expect(checkImportFile({ name: 'u.txt', size: 10 }, { head: text })).toBeNull();
    expect(extensionOf('a.b.Txt')).toBe('txt');
  });
  it('checks the size and emptiness', () => {
    expect(checkImportFile({ name: 'u.xlsx', size: 11 * 1024 * 1024 })).toEqual({ key: 'importTooLarge', params: { max: '10M' } });
    expect(checkImportFile({ name: 'u.xlsx', size: 2048 }, { maxBytes: 1024 })?.params).toEqual({ max: '1K' });
    expect(checkImportFile({ name: 'u.txt', size: 0 })?.key).toBe('importEmpty');
    expect(formatSize(1536)).toBe('2K');
  });
  it('finds a content that does not fit the extension', () => {
    expect(checkImportFile({ name: 'u.xlsx', size: 10 }, { head: text })).toEqual({ key: 'importTypeMismatch', params: { ext: 'xlsx' } });
    expect(checkImportFile({ name: 'u.txt', size: 10 }, { head: zip })?.key).toBe('importTypeMismatch');
    expect(sniff(new Uint8Array([0x41, 0, 0x42]))).toBe('binary');
    expect(sniff(new TextEncoder().encode('姓名,手机\r\n'))).toBe('text');
  });
  it('reads the per-row report of a rejected import', () => {
    const r = importReportOf({
      total: 1000,
      errors: [
        { row: 5, field: 'mobile', message: 'bad' },
        { row: 9, field: 'code', message: 'dup' },
      ],
    });
    expect(r?.total).toBe(1000);
    expect(r?.errors).toHaveLength(2);
    expect(importReportOf([{ field: 'x', message: 'y' }])).toBeNull();
    expect(importReportOf(null)).toBeNull();
  });
});

describe('zod rules from the contract', () => {
  it('derives required from the schema', () => {
    expect(isRequired(userCreate.shape.name)).toBe(true);
    expect(isRequired(userCreate.shape.code)).toBe(true);
    expect(isRequired(userCreate.shape.mobile)).toBe(false);
    expect(isRequired(userCreate.shape.remark)).toBe(false);
  });
  it('localises the first issue', () => {
    expect(validateValue(userCreate.shape.name, '', t)).toBe('required');
    expect(validateValue(userCreate.shape.name, 'x'.repeat(65), t)).toBe('maxLength:{"max":"64"}');
    expect(validateValue(userCreate.shape.mobile, '123', t)).toBe('invalidFormat');
    expect(validateValue(userCreate.shape.mobile, '', t)).toBeNull();
    expect(validateValue(userCreate.shape.code, 'a b', t)).toBe('invalidFormat');
    expect(validateValue(z.coerce.number().int().max(10), 11, t)).toBe('maxValue:{"max":"10"}');
  });
  it("shows a contract rule's own message as the screen's text, when the screen has one", () => {
    const texts: Record<string, string> = { 'dict:err.itemNameSpace': 'no spaces', 'dict:err.codeInvalid': 'starts with a letter' };
    const tt = (key: string, params?: Record<string, unknown>) => texts[key] ?? (params && 'defaultValue' in params ? String(params.defaultValue) : key);
    expect(validateValue(itemName, 'a b', tt)).toBe('no spaces');
    expect(validateValue(dictBody.shape.code, '9x', tt)).toBe('starts with a letter');
    // No text registered: the kind of issue decides, as before.
    expect(
      validateValue(
        z.string().refine((v) => v === 'x', 'version.format'),
        'y',
        tt,
      ),
    ).toBe('invalid');
  });
});

describe('server field errors on a form', () => {
  it('land on the form field that edits the path: itself, else its nearest named part the form has', () => {
    const known = new Set(['name', 'roleIds', 'recipients']);
    expect(formFieldOf('name', known)).toBe('name');
    // A refused recipient role (issue 23) shows on the role picker, not as a popup.
    expect(formFieldOf('recipients.roleIds.0', known)).toBe('roleIds');
    expect(formFieldOf('recipients.member', known)).toBe('recipients');
    // An element's field inside a list belongs to the list, never to a top-level field of the same name.
    expect(formFieldOf('rows.3.name', known)).toBeUndefined();
    expect(formFieldOf('roleIds.2', known)).toBe('roleIds');
  });
});
