import { AGENCY_PARTIES, AGENCY_STATES, type AgencyPartyListQuery, type AgencyStatementListQuery } from '@venue/contract';
import type { Db } from '../../../platform/db.ts';
import type { Caller } from '../../../platform/http.ts';
import type { Lang } from '../../../platform/i18n.ts';
import { type LocalText, type SheetColumn, rowsXlsx } from '../../../platform/xlsx.ts';
import { listParties, listStatements } from './agency.service.ts';

/** Exports hold at most this many rows (docs/decisions.md, "Import and export"). */
const MAX_ROWS = 100_000;

/** Fen as yuan text with two decimals, a refund's negative sign kept (`-12.30`). */
export function yuanText(fen: number): string {
  const s = String(Math.abs(fen)).padStart(3, '0');
  return `${fen < 0 ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
}

const col = (key: string, zh: string, en: string, width?: number): SheetColumn => ({ key, title: { 'zh-CN': zh, 'en-US': en }, ...(width ? { width } : {}) });
const stateOptions: { value: string; label: LocalText }[] = AGENCY_STATES.map((s) => ({
  value: s,
  label: { draft: { 'zh-CN': '草稿', 'en-US': 'Draft' }, approved: { 'zh-CN': '已审核', 'en-US': 'Approved' }, paid: { 'zh-CN': '已付', 'en-US': 'Paid' } }[s],
}));
const partyOptions: { value: string; label: LocalText }[] = AGENCY_PARTIES.map((p) => ({
  value: p,
  label: {
    platform: { 'zh-CN': '平台', 'en-US': 'Platform' },
    venue: { 'zh-CN': '场馆', 'en-US': 'Venue' },
    partner: { 'zh-CN': '合作方', 'en-US': 'Partner' },
  }[p],
}));

const periodCols = [col('periodStart', '周期开始', 'Period from'), col('periodEnd', '周期结束', 'Period to')];

/** The liquidation report: one row per venue and period, amounts in yuan. */
const liquidationSheet: SheetColumn[] = [
  ...periodCols,
  col('stadiumName', '场馆', 'Venue', 20),
  col('contractName', '合同', 'Contract', 20),
  col('partnerName', '合作方', 'Partner', 20),
  { ...col('state', '状态', 'State'), options: stateOptions },
  col('grossFen', '交易金额（元）', 'Gross (yuan)', 16),
  col('refundFen', '退款金额（元）', 'Refunds (yuan)', 16),
  col('netFen', '净额（元）', 'Net (yuan)', 16),
  col('feeFen', '平台服务费（元）', 'Platform fee (yuan)', 18),
  col('venueFen', '场馆应得（元）', 'Venue share (yuan)', 18),
  col('partnerFen', '合作方应得（元）', 'Partner share (yuan)', 18),
  col('paymentRef', '付款凭证', 'Payment reference', 20),
];

/** The settlement report: one row per party and period. */
const settlementSheet: SheetColumn[] = [
  ...periodCols,
  { ...col('party', '结算方', 'Party'), options: partyOptions },
  col('partyName', '名称', 'Name', 20),
  col('stadiumName', '场馆', 'Venue', 20),
  col('contractName', '合同', 'Contract', 20),
  col('shareFen', '应结金额（元）', 'Share (yuan)', 16),
  { ...col('state', '状态', 'State'), options: stateOptions },
  col('paymentRef', '付款凭证', 'Payment reference', 20),
];

const MONEY = ['grossFen', 'refundFen', 'netFen', 'feeFen', 'venueFen', 'partnerFen', 'shareFen'];
const inYuan = (r: Record<string, unknown>) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, MONEY.includes(k) ? yuanText(v as number) : v]));

export async function exportLiquidation(db: Db, caller: Caller, q: AgencyStatementListQuery, lang: Lang) {
  const { data } = await listStatements(db, caller, { ...q, pageNum: 1, pageSize: MAX_ROWS });
  return rowsXlsx(
    liquidationSheet,
    data.map(inYuan),
    lang,
    lang === 'zh-CN' ? '清分报表' : 'liquidation-report',
    lang === 'zh-CN' ? '清分报表' : 'Liquidation',
  );
}

export async function exportSettlement(db: Db, caller: Caller, q: AgencyPartyListQuery, lang: Lang) {
  const { data } = await listParties(db, caller, { ...q, pageNum: 1, pageSize: MAX_ROWS }, lang);
  return rowsXlsx(settlementSheet, data.map(inYuan), lang, lang === 'zh-CN' ? '结算报表' : 'settlement-report', lang === 'zh-CN' ? '结算报表' : 'Settlement');
}
