/**
 * Chinese resident identity numbers (spec section 5): the birth date and sex they carry.
 * One pure function, used by the server (to fill a user's birthday and sex when they are not
 * given) and by the console (to fill the form as the number is typed).
 *
 * - 18 digits (GB 11643-1999): characters 7-14 are YYYYMMDD; the last may be X.
 * - 15 digits (the pre-1999 form): characters 7-12 are YYMMDD, read with a 19 prefix.
 * - Sex follows the spec: the second-to-last digit odd gives 1 (male), even gives 2 (female).
 */
export interface IdCardInfo {
  /** YYYY-MM-DD */
  birthday: string;
  sex: 1 | 2;
}

function validDate(y: number, m: number, d: number): boolean {
  if (y < 1800 || m < 1 || m > 12 || d < 1) return false;
  const dt = new Date(Date.UTC(y, m - 1, d));
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d;
}

/** Birth date and sex of a 15- or 18-digit number; null when it is neither or the date is not a real one. */
export function parseIdCard(raw: string | null | undefined): IdCardInfo | null {
  if (!raw) return null;
  const id = raw.trim().toUpperCase();
  let y: string;
  let m: string;
  let d: string;
  if (/^\d{17}[\dX]$/.test(id)) {
    y = id.slice(6, 10);
    m = id.slice(10, 12);
    d = id.slice(12, 14);
  } else if (/^\d{15}$/.test(id)) {
    y = '19' + id.slice(6, 8);
    m = id.slice(8, 10);
    d = id.slice(10, 12);
  } else return null;
  if (!validDate(Number(y), Number(m), Number(d))) return null;
  const sexDigit = Number(id[id.length - 2]);
  return { birthday: `${y}-${m}-${d}`, sex: sexDigit % 2 === 1 ? 1 : 2 };
}

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** True when an 18-digit number's last character is its ISO 7064 MOD 11-2 check character. */
export function idCardChecksumOk(raw: string): boolean {
  const id = raw.trim().toUpperCase();
  if (!/^\d{17}[\dX]$/.test(id)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(id[i]) * WEIGHTS[i]!;
  return CHECK[sum % 11] === id[17];
}
