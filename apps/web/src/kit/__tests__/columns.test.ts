import { describe, expect, it } from 'vitest';
import { allocateWidths, arrangeColumns, CELL_PADDING, columnWidth, estimateTextWidth, jsonPreview, moveColumn, textMinWidth } from '../columns.ts';
import { sectionsOf } from '../FormDialog.tsx';

const measure = (s: string, bold?: boolean) => estimateTextWidth(s, bold);

describe('column widths from the content type', () => {
  it('a date-time column is as wide as its widest value or its title, so it is never cut', () => {
    const zh = columnWidth({ content: 'datetime', title: '创建时间', sorter: true, samples: ['2026年12月28日 18:58:58'], measure })!;
    expect(zh).toBeGreaterThanOrEqual(measure('2026年12月28日 18:58:58') + CELL_PADDING);
    const en = columnWidth({ content: 'datetime', title: 'Created', samples: ['2026-12-28'], measure })!;
    expect(en).toBeLessThan(zh);
    // A long title wins over a short value.
    const titled = columnWidth({ content: 'date', title: 'Registration date of the member', samples: ['2026-12-28'], measure })!;
    expect(titled).toBeGreaterThanOrEqual(measure('Registration date of the member', true) + CELL_PADDING);
  });
  it('tags make room for their padding; free text has no fixed width but a floor that fits its title', () => {
    expect(columnWidth({ content: 'tag', title: 'S', samples: ['Cancelled'], measure })).toBeGreaterThan(measure('Cancelled') + CELL_PADDING);
    expect(columnWidth({ content: 'text', title: 'Name', samples: ['x'], measure })).toBeUndefined();
    expect(textMinWidth('A rather long column title', true, measure)).toBeGreaterThan(measure('A rather long column title', true));
  });
});

describe('fitting columns into the page', () => {
  it('fixed columns keep their width; text columns share the rest by what they want', () => {
    const { widths, scrollX } = allocateWidths(1000, [{ fixed: 200 }, { min: 100, want: 300 }, { min: 100, want: 100 }]);
    expect(widths[0]).toBe(200);
    expect(scrollX).toBeNull();
    expect(widths[1]! + widths[2]!).toBeLessThanOrEqual(800);
    expect(widths[1]!).toBeGreaterThan(widths[2]!);
  });
  it('when text does not fit it is cut, never below its floor; only floors that do not fit scroll', () => {
    const tight = allocateWidths(500, [{ fixed: 200 }, { min: 100, want: 600 }, { min: 120, want: 130 }]);
    expect(tight.scrollX).toBeNull();
    expect(tight.widths[1]!).toBeGreaterThanOrEqual(100);
    expect(tight.widths[2]!).toBeGreaterThanOrEqual(120);
    expect(tight.widths.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(500);
    const over = allocateWidths(300, [{ fixed: 200 }, { min: 150, want: 600 }]);
    expect(over.scrollX).toBe(350);
  });
});

describe('column settings', () => {
  const cols = [{ key: 'a' }, { key: 'b' }, { key: 'c', hiddenByDefault: true }, { key: 'd' }];
  it('defaults: the description order, columns hidden by default hidden', () => {
    expect(arrangeColumns(cols, null).map((x) => `${x.column.key}${x.shown ? '' : '-'}`)).toEqual(['a', 'b', 'c-', 'd']);
  });
  it("the user's order and hidden columns; a column added since keeps its place after its predecessor", () => {
    const arranged = arrangeColumns(cols, { order: ['d', 'a', 'c'], hidden: ['a'] });
    expect(arranged.map((x) => `${x.column.key}${x.shown ? '' : '-'}`)).toEqual(['d', 'a-', 'b', 'c']);
  });
  it('moves a column up and down within bounds', () => {
    expect(moveColumn(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveColumn(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
  });
});

describe('long JSON values', () => {
  it('show one short line and keep the whole value for the viewer', () => {
    const p = jsonPreview('{"loginName":"admin","others":{"appSign":"console","userAgent":"Mozilla/5.0 (X11; Linux x86_64)"}}')!;
    expect(p.cut).toBe(true);
    expect(p.text.length).toBeLessThanOrEqual(48);
    expect(p.pretty).toContain('\n  "others": {');
    expect(jsonPreview({ a: 1 })).toMatchObject({ text: '{"a":1}', cut: false });
    expect(jsonPreview(null)).toBeNull();
  });
});

describe('form sections', () => {
  it('consecutive fields of one group share a section', () => {
    const s = sectionsOf([
      { name: 'a', label: '', group: 'x' },
      { name: 'b', label: '', group: 'x' },
      { name: 'c', label: '', group: 'y' },
    ]);
    expect(s.map((g) => [g.group, g.fields.map((f) => f.name).join('')])).toEqual([
      ['x', 'ab'],
      ['y', 'c'],
    ]);
  });
});

import { placeholderObject } from '../wording.ts';

describe('placeholders in natural English', () => {
  it('lower-case the label and give it an article; acronyms keep their case', () => {
    const p = (l: string, plural?: boolean) => placeholderObject(l, 'en-US', plural);
    expect(`Enter ${p('Login name')}`).toBe('Enter a login name');
    expect(`Select ${p('Status')}`).toBe('Select a status');
    expect(`Enter ${p('IP address')}`).toBe('Enter an IP address');
    expect(`Enter ${p('ID number')}`).toBe('Enter an ID number');
    expect(`Enter ${p('Email')}`).toBe('Enter an email');
    expect(`Enter ${p('User no.')}`).toBe('Enter a user no.');
    expect(`Select ${p('Organisation')}`).toBe('Select an organisation');
    expect(`Select ${p('Roles', true)}`).toBe('Select roles');
    expect(placeholderObject('登录名', 'zh-CN')).toBe('登录名');
  });
});
