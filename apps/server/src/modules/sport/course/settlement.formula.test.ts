import { describe, expect, it } from 'vitest';
import { formulaOf } from './settlement.service.ts';

/** A settlement line's formula in words: English counts its nouns, Chinese does not. */
describe('settlement formulas', () => {
  const base = {
    scope: 'course',
    mode: 'attendee',
    revenueFen: 0,
    lessonFen: 8000,
    freeAttendees: 10,
    attendeeFen: 500,
    sharePermille: 0,
    minFen: null,
    maxFen: null,
  };
  it('says "1 lesson" and "1 attendee", and the plural otherwise', () => {
    expect(formulaOf({ ...base, lessons: 1, extraAttendees: 1 }, 'en-US')).toBe('1 lesson × ¥80 + 1 attendee over 10 × ¥5');
    expect(formulaOf({ ...base, lessons: 12, extraAttendees: 3 }, 'en-US')).toBe('12 lessons × ¥80 + 3 attendees over 10 × ¥5');
    expect(formulaOf({ ...base, scope: 'sparring', mode: 'lesson', lessons: 1, extraAttendees: 0 }, 'en-US')).toBe('1 session × ¥80');
    expect(formulaOf({ ...base, lessons: 1, extraAttendees: 1 }, 'zh-CN')).toBe('1 节 × ¥80 + 1 名超出 10 人的学员 × ¥5');
  });
});
