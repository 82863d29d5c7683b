// Answer headers the console's request layer reads. No zod here: the login screen's shell imports
// this, and envelope.ts's schemas would bring zod with them (27 KB gzip).

/**
 * Headers of an xlsx export's answer (`streamXlsx` on the server): the rows it holds, known before
 * the first byte, and for a file sent while it is written (no Content-Length) the size it is
 * expected to reach, from the bytes its first rows took. The console shows a progress figure from them.
 */
export const EXPORT_HEADERS = { totalRows: 'x-total-rows', expectedBytes: 'x-expected-bytes' } as const;

/**
 * Headers of a report's or an export's answer read through the reporting reader (a replica when the
 * server has `DATABASE_READ_URL`): the time its data is as of, ISO 8601. Bodies stay as they are.
 */
export const REPORT_HEADERS = { dataAsOf: 'x-data-as-of' } as const;
