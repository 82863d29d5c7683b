import type { OpsReportKind } from '@venue/contract';
import { registerMessages, useFeatureT } from '../../../app/i18n.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The operations reports' namespace (labels are keys of it). */
export const NS = 'opsReport';
registerMessages(NS, zh, en);
export const useReportT = () => useFeatureT<typeof zh>(NS);

export const MONEY_FIGURES = new Set<string>(['revenueFen', 'refundFen', 'netFen']);

const BASE: Record<OpsReportKind, string> = {
  weekly: '/sport/views/operatManagement/weeklyOperationsReport',
  final: '/sport/views/operatManagement/finalReport',
};
export const listPath = (kind: OpsReportKind) => `${BASE[kind]}/index`;
export const detailPath = (kind: OpsReportKind, id: number) => `${BASE[kind]}/detail/${id}`;
