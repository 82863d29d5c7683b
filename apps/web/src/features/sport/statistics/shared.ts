import { REPORT_HEADERS } from '@venue/contract';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { useState } from 'react';
import { api, downloadFile, requestRaw } from '../../../app/request.ts';
import { FILE_TIMEOUT_MS } from '../../../kit/api.ts';
import type { DayRange } from './ranges.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The statistics messages, the dashboard's and the report screens'. */
const NS = 'statistics';
registerMessages(NS, zh, en);
export type StatsT = FeatureT<typeof zh>;
export const useStatsT = (): StatsT => useFeatureT<typeof zh>(NS);

/** `{sport}statistics/<path>`. */
export const statsUrl = (path: string) => api.sport(`statistics/${path}`);

/** A figures call's answer and the time its data is as of (`X-Data-As-Of`: a replica's data may be seconds old). */
export interface AsOfAnswer<T> {
  body: T;
  asOf: string | null;
}
export async function postStats<T>(path: string, data: unknown): Promise<AsOfAnswer<T>> {
  const r = await requestRaw<T>({ url: statsUrl(path), method: 'POST', data });
  return { body: r.envelope.body, asOf: r.headers.get(REPORT_HEADERS.dataAsOf) };
}
/** The oldest of several answers' as-of times: what a screen made of them is as of. */
export const oldestAsOf = (...answers: { asOf: string | null }[]): string | null =>
  answers.reduce<string | null>((a, x) => (x.asOf && (!a || Date.parse(x.asOf) < Date.parse(a)) ? x.asOf : a), null);

// The chart types the dashboard and the report screens draw, in their lazy chunks: the login screen never sees ECharts.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);
export { echarts, ReactEChartsCore };

/** A report screen's filter: the range and the venue (all the caller's when absent). */
export interface Filter {
  range: DayRange;
  stadiumId?: number;
}

/** Exports through the server's streamed xlsx (a large one shows its progress: the request layer's `downloadFile`). */
export function useExport() {
  const [busy, setBusy] = useState(false);
  const run = async (path: string, body: object, name: string) => {
    setBusy(true);
    try {
      await downloadFile({ url: statsUrl(path), method: 'POST', data: body, timeout: FILE_TIMEOUT_MS }, `${name}.xlsx`);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
