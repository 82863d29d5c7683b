import { useEffect, useRef, type RefObject } from 'react';

export interface BarcodeWedgeOptions {
  /** Listens only while true (a picker in a closed dialog does not). */
  enabled?: boolean;
  /**
   * The element the scan is for. Keys typed inside a dialog count only when this element is in the
   * same dialog (a scan in the booking dialog adds to its goods); without it, none inside a dialog do.
   */
  within?: RefObject<HTMLElement | null>;
  /** The most milliseconds between two keys of one scan. */
  gapMs?: number;
  minLength?: number;
}

/**
 * A keyboard-wedge scanner: characters typed faster than a person types (each within `gapMs` of
 * the last), ending in Enter, anywhere on the page (or in the dialog of `within`), are one scanned
 * code. The Enter is taken; the characters are not (a focused input keeps them, as it would a
 * person's typing).
 */
export function useBarcodeWedge(onScan: (code: string) => void, { enabled = true, within, gapMs = 50, minLength = 4 }: BarcodeWedgeOptions = {}): void {
  const latest = useRef(onScan);
  latest.current = onScan;
  useEffect(() => {
    if (!enabled) return;
    let buf = '';
    let last = 0;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const dialog = target?.closest?.('.ant-modal') ?? null;
      if (dialog && dialog !== (within?.current?.closest('.ant-modal') ?? null)) return;
      const now = performance.now();
      if (e.key === 'Enter') {
        const code = buf;
        buf = '';
        if (code.length >= minLength && now - last <= gapMs * 4) {
          e.preventDefault();
          e.stopPropagation();
          latest.current(code);
        }
        return;
      }
      if (e.key.length !== 1 || e.ctrlKey || e.metaKey || e.altKey) return;
      buf = now - last > gapMs ? e.key : buf + e.key;
      last = now;
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, [enabled, within, gapMs, minLength]);
}
