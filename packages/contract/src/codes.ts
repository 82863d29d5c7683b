/** Envelope result codes (ARCHITECTURE section 4). One list, used by server and console. */
export const Code = {
  OK: 0,
  OK_NOTICE: 103005,
  INVALID: 100400,
  BAD_CREDENTIALS: 100401,
  NOT_FOUND: 100404,
  SESSION_EXPIRED: 100405,
  CONFLICT: 100409,
  FORBIDDEN: 100420,
  LOCKED: 100423,
  TOO_MANY: 100429,
  INTERNAL: 100500,
  CAPTCHA_REQUIRED: 411001,
  FORM_INVALID: 969600,
  PASSWORD_CHANGE_REQUIRED: 200003,
} as const;

export type CodeName = keyof typeof Code;
export type ResultCode = (typeof Code)[CodeName];

/** Codes the console treats as success. */
export const SUCCESS_CODES: readonly number[] = [Code.OK, Code.OK_NOTICE];
/** Codes for which the console shows no popup (the screen handles them). */
export const SILENT_CODES: readonly number[] = [Code.CAPTCHA_REQUIRED, Code.FORM_INVALID, Code.PASSWORD_CHANGE_REQUIRED];

/** HTTP status that goes with a code; business errors are HTTP 200. */
export function httpStatusOf(code: number): number {
  if (code === Code.SESSION_EXPIRED) return 401;
  return 200;
}
