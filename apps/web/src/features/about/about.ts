/** Build metadata (spec 1 and 9). */
export const PRODUCT_VERSION = '2.0.0';
export const COPYRIGHT_YEAR = 2020;
