/**
 * Undo and redo for the designer: a list of whole states (documents share their unchanged seats,
 * so a step costs one array, not a copy of every seat). Pure and immutable: each call answers a
 * new history. `saved` marks the state last saved, so "unsaved changes" is one comparison.
 */
export interface History<T> {
  readonly past: readonly T[];
  readonly present: T;
  readonly future: readonly T[];
  /** The state last saved (or loaded). */
  readonly saved: T;
}

export const HISTORY_LIMIT = 200;

export function startHistory<T>(state: T): History<T> {
  return { past: [], present: state, future: [], saved: state };
}

/** A new state: the old one goes to the past (at most HISTORY_LIMIT kept), the redo list is dropped. */
export function pushState<T>(h: History<T>, next: T): History<T> {
  if (next === h.present) return h;
  const past = [...h.past, h.present];
  if (past.length > HISTORY_LIMIT) past.splice(0, past.length - HISTORY_LIMIT);
  return { past, present: next, future: [], saved: h.saved };
}

export function undo<T>(h: History<T>): History<T> {
  if (!h.past.length) return h;
  const present = h.past[h.past.length - 1]!;
  return { past: h.past.slice(0, -1), present, future: [h.present, ...h.future], saved: h.saved };
}

export function redo<T>(h: History<T>): History<T> {
  if (!h.future.length) return h;
  const [present, ...future] = h.future;
  return { past: [...h.past, h.present], present: present!, future, saved: h.saved };
}

export const canUndo = (h: History<unknown>) => h.past.length > 0;
export const canRedo = (h: History<unknown>) => h.future.length > 0;
export const isDirty = (h: History<unknown>) => h.present !== h.saved;

/** The present state was saved (the history is kept: undo still works after a save). */
export function markSaved<T>(h: History<T>, state: T = h.present): History<T> {
  return { ...h, present: state, saved: state };
}
