import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { api } from '../../../app/request.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The statistics messages, the dashboard's and the report screens'. */
const NS = 'statistics';
registerMessages(NS, zh, en);
export type StatsT = FeatureT<typeof zh>;
export const useStatsT = (): StatsT => useFeatureT<typeof zh>(NS);

/** `{sport}statistics/<path>`. */
export const statsUrl = (path: string) => api.sport(`statistics/${path}`);

// The chart types the dashboard and the report screens draw, in their lazy chunks: the login screen never sees ECharts.
echarts.use([BarChart, LineChart, GridComponent, LegendComponent, TooltipComponent, CanvasRenderer]);
export { echarts, ReactEChartsCore };
