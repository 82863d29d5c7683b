/**
 * Import file checks made before anything is uploaded (spec 5: xlsx or txt only, a size
 * limit, a type-mismatch message), and reading the server's per-row rejection report.
 * The server checks the same things again (by extension and content).
 */

export const IMPORT_EXTENSIONS = ['xlsx', 'txt'] as const;

/** Default upload limit; the server's default UPLOAD_LIMIT_BYTES is the same 10 MB. */
export const DEFAULT_IMPORT_LIMIT = 10 * 1024 * 1024;

export interface FileProblem {
  /** kit message key: importBadType | importTooLarge | importTypeMismatch | importEmpty */
  key: 'importBadType' | 'importTooLarge' | 'importTypeMismatch' | 'importEmpty';
  params?: Record<string, string | number>;
}

export function extensionOf(name: string): string {
  const m = /\.([A-Za-z0-9]+)$/.exec(name.trim());
  return m ? m[1]!.toLowerCase() : '';
}

/** '10M', '512K', '300B'. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10}M`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)}K`;
  return `${bytes}B`;
}

/** What the first bytes of a file are: a zip (xlsx), text, or other binary. */
export function sniff(head: Uint8Array): 'zip' | 'text' | 'binary' {
  if (head.length >= 4 && head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04) return 'zip';
  if (head.includes(0)) return 'binary';
  // The first bytes of UTF-8 text: no control characters but tab, CR, LF (a cut multi-byte
  // character at the end is fine).
  for (const b of head) if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1b)) return 'binary';
  return 'text';
}

/**
 * The first problem of a file chosen for import, or null: the extension (xlsx or txt), the
 * size, emptiness, and, when the first bytes are given, whether the content fits the
 * extension (an xlsx is a zip; a txt is text).
 */
export function checkImportFile(
  file: { name: string; size: number },
  opts: { maxBytes?: number; accept?: readonly string[]; head?: Uint8Array } = {},
): FileProblem | null {
  const accept = opts.accept ?? IMPORT_EXTENSIONS;
  const max = opts.maxBytes ?? DEFAULT_IMPORT_LIMIT;
  const ext = extensionOf(file.name);
  if (!accept.includes(ext)) return { key: 'importBadType', params: { types: accept.join(' / ') } };
  if (file.size > max) return { key: 'importTooLarge', params: { max: formatSize(max) } };
  if (file.size === 0) return { key: 'importEmpty' };
  if (opts.head) {
    const kind = sniff(opts.head);
    if (ext === 'xlsx' && kind !== 'zip') return { key: 'importTypeMismatch', params: { ext } };
    if (ext === 'txt' && kind !== 'text') return { key: 'importTypeMismatch', params: { ext } };
  }
  return null;
}

export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

/**
 * The rejection report of an import (100400 with detail {errors: [{row, field, message}],
 * total}), or null when the error is not one.
 */
export function importReportOf(detail: unknown): { errors: ImportRowError[]; total: number | null } | null {
  if (!detail || typeof detail !== 'object') return null;
  const d = detail as { errors?: unknown; total?: unknown };
  const list = Array.isArray(d.errors) ? d.errors : Array.isArray(detail) ? (detail as unknown[]) : null;
  if (!list) return null;
  const errors = list
    .filter((e): e is { row: unknown; field?: unknown; message?: unknown } => !!e && typeof e === 'object' && 'row' in e)
    .map((e) => ({ row: Number(e.row), field: String(e.field ?? ''), message: String(e.message ?? '') }))
    .filter((e) => Number.isFinite(e.row));
  if (!errors.length) return null;
  return { errors, total: typeof d.total === 'number' ? d.total : null };
}
