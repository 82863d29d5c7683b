/**
 * The product's one name, in both languages (spec 1: a venue operations management platform).
 * The console shows it in the sidebar, the login page, the document title and About, and uses it
 * wherever a text names the product; branding (system settings) may replace it per installation.
 */
export const PRODUCT_NAME = {
  'zh-CN': '场馆运营管理平台',
  'en-US': 'Venue Operations Management Platform',
} as const;
