import { describe, expect, it } from 'vitest';
import { HISTORY_LIMIT, canRedo, canUndo, isDirty, markSaved, pushState, redo, startHistory, undo } from '../seatmap.history.ts';

describe('designer history', () => {
  it('undoes and redoes in order; a new change drops the redo list', () => {
    let h = startHistory('a');
    h = pushState(h, 'b');
    h = pushState(h, 'c');
    h = undo(h);
    expect(h.present).toBe('b');
    h = undo(h);
    expect(h.present).toBe('a');
    expect(canUndo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    h = redo(h);
    expect(h.present).toBe('b');
    expect(canRedo(h)).toBe(true);
    h = pushState(h, 'd');
    expect(canRedo(h)).toBe(false);
    expect(h.past).toEqual(['a', 'b']);
  });
  it('knows unsaved changes, also after undoing back to the saved state', () => {
    let h = startHistory({ n: 1 });
    expect(isDirty(h)).toBe(false);
    h = pushState(h, { n: 2 });
    expect(isDirty(h)).toBe(true);
    h = undo(h);
    expect(isDirty(h)).toBe(false);
    h = markSaved(redo(h));
    expect(isDirty(h)).toBe(false);
    expect(canUndo(h)).toBe(true);
  });
  it('keeps at most HISTORY_LIMIT steps', () => {
    let h = startHistory(0);
    for (let i = 1; i <= HISTORY_LIMIT + 50; i++) h = pushState(h, i);
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(50);
  });
});
