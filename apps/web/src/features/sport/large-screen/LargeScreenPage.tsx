import { useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import ReactEChartsCore from 'echarts-for-react/esm/core';
import * as echarts from 'echarts/core';
import { BarChart, LineChart, MapChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent, VisualMapComponent } from 'echarts/components';
import { CanvasRenderer } from 'echarts/renderers';
import type { LargeScreenView, StatisticsSummary } from '@venue/contract';
import { isApiError } from '../../../app/request.ts';
import { useItemKindName } from '../../../kit/kitI18n.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { useScreenT, viewOf, type ScreenT } from './shared.ts';

// Only the chart types this screen draws, in its own lazily loaded chunk.
echarts.use([BarChart, LineChart, MapChart, PieChart, GridComponent, LegendComponent, TooltipComponent, VisualMapComponent, CanvasRenderer]);

/** The design size: the page is laid out for a 1920×1080 display and scaled to the window. */
const W = 1920;
const H = 1080;
/** The replaceable map file (docs/operations.md, "The large screen's map"). */
const MAP_URL = `${import.meta.env.BASE_URL}maps/china.json`;
const MAP = 'china';

const C = { bg: '#061329', panel: 'rgba(16, 42, 84, 0.72)', border: '#1f4f8f', text: '#e6f0ff', dim: '#a9bfdc', accent: '#4fc3ff', good: '#5ee3a1' } as const;

/** The window's scale of the 1920×1080 design. */
function useScale(): number {
  const fit = () => Math.min(window.innerWidth / W, window.innerHeight / H);
  const [scale, setScale] = useState(fit);
  useEffect(() => {
    const on = () => setScale(fit());
    window.addEventListener('resize', on);
    return () => window.removeEventListener('resize', on);
  }, []);
  return scale;
}

/** Loads the map file once (an operator may replace it); false until it is registered. */
function useChinaMap(): boolean {
  const q = useQuery({
    queryKey: ['largeScreen', 'map'],
    queryFn: async () => {
      const res = await fetch(MAP_URL);
      if (!res.ok) throw new Error(`map ${res.status}`);
      echarts.registerMap(MAP, (await res.json()) as Parameters<typeof echarts.registerMap>[1]);
      return true;
    },
    staleTime: Infinity,
    retry: 2,
  });
  return q.data === true;
}

function Panel({ title, children, style, testId }: { title: string; children: ReactNode; style?: CSSProperties; testId: string }) {
  return (
    <section
      aria-label={title}
      data-testid={testId}
      style={{
        background: C.panel,
        border: `1px solid ${C.border}`,
        borderRadius: 8,
        padding: '12px 16px',
        display: 'flex',
        flexDirection: 'column',
        ...style,
      }}
    >
      <h2 style={{ margin: '0 0 8px', fontSize: 22, fontWeight: 600, color: C.accent }}>{title}</h2>
      <div style={{ flex: 1, minHeight: 0 }}>{children}</div>
    </section>
  );
}

const FIGURES: { key: keyof StatisticsSummary; label: string; money?: boolean }[] = [
  { key: 'revenueFen', label: 'screen.revenue', money: true },
  { key: 'refundFen', label: 'screen.refund', money: true },
  { key: 'orders', label: 'screen.orders' },
  { key: 'bookings', label: 'screen.bookings' },
  { key: 'ticketsSold', label: 'screen.tickets' },
  { key: 'cardsSold', label: 'screen.cards' },
  { key: 'newMembers', label: 'screen.newMembers' },
];
const show = (f: (typeof FIGURES)[number], s: StatisticsSummary) => (f.money ? yuan(s[f.key]) : String(s[f.key]));

/** Top: today's figures, each with yesterday's under it. */
function TopPanel({ t, v }: { t: ScreenT; v: LargeScreenView }) {
  return (
    <div data-testid="ls-top" style={{ display: 'grid', gridTemplateColumns: `repeat(${FIGURES.length}, 1fr)`, gap: 16 }}>
      {FIGURES.map((f) => (
        <div key={f.key} style={{ background: C.panel, border: `1px solid ${C.border}`, borderRadius: 8, padding: '12px 16px', textAlign: 'center' }}>
          <div style={{ fontSize: 20, color: C.dim }}>
            {t('screen.today')} · {t(f.label as 'screen.revenue')}
          </div>
          <div data-testid={`ls-today-${f.key}`} style={{ fontSize: 40, fontWeight: 700, color: C.text, lineHeight: 1.3 }}>
            {show(f, v.todayFigures)}
          </div>
          <div style={{ fontSize: 18, color: C.dim }}>
            {t('screen.yesterday')} {show(f, v.yesterdayFigures)}
          </div>
        </div>
      ))}
    </div>
  );
}

/** Bottom: this month's figures. */
function BottomPanel({ t, v }: { t: ScreenT; v: LargeScreenView }) {
  return (
    <Panel title={t('screen.month')} testId="ls-bottom">
      <dl style={{ display: 'grid', gridTemplateColumns: `repeat(${FIGURES.length}, 1fr)`, gap: 8, margin: 0 }}>
        {FIGURES.map((f) => (
          <div key={f.key} style={{ textAlign: 'center' }}>
            <dt style={{ fontSize: 18, color: C.dim }}>{t(f.label as 'screen.revenue')}</dt>
            <dd style={{ margin: 0, fontSize: 32, fontWeight: 700, color: C.good }}>{show(f, v.monthFigures)}</dd>
          </div>
        ))}
      </dl>
    </Panel>
  );
}

const chartText = { color: C.text, fontSize: 16 };

/** Left: the 30 days' revenue trend and this month's kinds. */
function LeftPanel({ t, v }: { t: ScreenT; v: LargeScreenView }) {
  const kindName = useItemKindName();
  const trend = {
    backgroundColor: 'transparent',
    textStyle: chartText,
    tooltip: { trigger: 'axis' },
    grid: { left: 64, right: 16, top: 16, bottom: 32 },
    xAxis: { type: 'category', data: v.trend.map((d) => d.day.slice(5)), axisLabel: { color: C.dim } },
    yAxis: { type: 'value', axisLabel: { color: C.dim }, splitLine: { lineStyle: { color: '#1b3a66' } } },
    series: [{ type: 'line', smooth: true, areaStyle: { opacity: 0.25 }, data: v.trend.map((d) => (d.revenueFen - d.refundFen) / 100), color: C.accent }],
  };
  const kinds = {
    backgroundColor: 'transparent',
    textStyle: chartText,
    tooltip: { trigger: 'item' },
    legend: { orient: 'vertical', right: 0, top: 'middle', textStyle: { color: C.text, fontSize: 16 } },
    series: [
      {
        type: 'pie',
        radius: ['40%', '70%'],
        center: ['35%', '50%'],
        label: { show: false },
        data: v.kinds.map((k) => ({ name: kindName(k.kind), value: k.revenueFen / 100 })),
      },
    ],
  };
  return (
    <div style={{ display: 'grid', gridTemplateRows: '1fr 1fr', gap: 16, minHeight: 0 }}>
      <Panel title={t('screen.trend')} testId="ls-left">
        <ReactEChartsCore echarts={echarts} option={trend} theme="dark" style={{ height: '100%' }} notMerge />
      </Panel>
      <Panel title={t('screen.kinds')} testId="ls-kinds">
        {v.kinds.length ? <ReactEChartsCore echarts={echarts} option={kinds} theme="dark" style={{ height: '100%' }} notMerge /> : <Empty t={t} />}
      </Panel>
    </div>
  );
}

const Empty = ({ t }: { t: ScreenT }) => <p style={{ color: C.dim, fontSize: 20, textAlign: 'center', marginTop: 48 }}>{t('screen.none')}</p>;

/** Right: the venues by this month's revenue. */
function RightPanel({ t, v }: { t: ScreenT; v: LargeScreenView }) {
  const cell: CSSProperties = { padding: '6px 8px', borderBottom: `1px solid ${C.border}`, fontSize: 18 };
  return (
    <Panel title={t('screen.venues')} testId="ls-right">
      <table style={{ width: '100%', borderCollapse: 'collapse', color: C.text }}>
        <thead>
          <tr style={{ color: C.dim, textAlign: 'left' }}>
            <th style={cell}>{t('screen.venue')}</th>
            <th style={cell}>{t('screen.province')}</th>
            <th style={{ ...cell, textAlign: 'right' }}>{t('screen.amount')}</th>
            <th style={{ ...cell, textAlign: 'right' }}>{t('screen.orders')}</th>
          </tr>
        </thead>
        <tbody>
          {v.venues.slice(0, 12).map((x, i) => (
            <tr key={`${x.name}-${i}`}>
              <td style={cell}>{x.name}</td>
              <td style={cell}>{x.province ?? '—'}</td>
              <td style={{ ...cell, textAlign: 'right' }}>{yuan(x.revenueFen)}</td>
              <td style={{ ...cell, textAlign: 'right' }}>{x.orders}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

/** Centre: the map, provinces shaded by their venues' revenue, with the provinces as a table for screen readers. */
function MapPanel({ t, v }: { t: ScreenT; v: LargeScreenView }) {
  const ready = useChinaMap();
  const max = Math.max(1, ...v.provinces.map((p) => p.revenueFen / 100));
  const option = {
    backgroundColor: 'transparent',
    tooltip: {
      trigger: 'item',
      formatter: (p: { name: string; data?: { venues: number; value: number } }) =>
        p.data ? `${p.name}<br/>${t('screen.venueCount')}: ${p.data.venues}<br/>${t('screen.revenue')}: ¥${p.data.value}` : p.name,
    },
    visualMap: {
      min: 0,
      max,
      left: 16,
      bottom: 16,
      calculable: false,
      text: ['', ''],
      inRange: { color: ['#16406f', '#2b8ad8', '#4fc3ff'] },
      textStyle: { color: C.text },
    },
    series: [
      {
        type: 'map',
        map: MAP,
        roam: false,
        label: { show: false },
        itemStyle: { areaColor: '#0e2a52', borderColor: '#3a7bd5' },
        emphasis: { label: { show: true, color: '#fff' }, itemStyle: { areaColor: '#f5b94a' } },
        data: v.provinces.map((p) => ({ name: p.name, value: p.revenueFen / 100, venues: p.venues })),
      },
    ],
  };
  return (
    <Panel title={t('screen.map')} testId="ls-map" style={{ position: 'relative' }}>
      {ready && <ReactEChartsCore echarts={echarts} option={option} theme="dark" style={{ height: '100%' }} notMerge />}
      <p data-testid="ls-map-note" style={{ position: 'absolute', right: 16, bottom: 8, margin: 0, fontSize: 16, color: C.dim }}>
        {t('screen.mapNote')}
      </p>
      <table style={SR_ONLY}>
        <caption>{t('screen.map')}</caption>
        <thead>
          <tr>
            <th>{t('screen.province')}</th>
            <th>{t('screen.venueCount')}</th>
            <th>{t('screen.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {v.provinces.map((p) => (
            <tr key={p.name} data-testid="ls-province">
              <td>{p.name}</td>
              <td>{p.venues}</td>
              <td>{yuan(p.revenueFen)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Panel>
  );
}

const SR_ONLY: CSSProperties = { position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' };

/** Why the display stopped (no token, unknown, revoked, expired: the server's message in the page's language). */
function Stopped({ t, error }: { t: ScreenT; error: unknown }) {
  return (
    <div role="alert" data-testid="ls-stopped" style={{ textAlign: 'center', paddingTop: 360 }}>
      <h1 style={{ fontSize: 56, color: C.text, margin: 0 }}>{t('screen.stopped')}</h1>
      <p data-testid="ls-stopped-reason" style={{ fontSize: 32, color: C.dim }}>
        {isApiError(error) && error.msg ? error.msg : t('screen.noToken')}
      </p>
    </div>
  );
}

/**
 * /largeScreen?token=…: the data wall of one organisation, without signing in. It asks again every
 * few seconds (the server says how often); once the link is revoked or expired the next answer
 * refuses it and the page stops, saying why. No session, so no socket: polling only.
 */
export default function LargeScreenPage() {
  const t = useScreenT();
  const scale = useScale();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const q = useQuery({
    queryKey: ['largeScreen', 'view', token],
    queryFn: () => viewOf(token),
    enabled: token.length >= 16,
    retry: false,
    refetchInterval: (query) => (query.state.error ? false : (query.state.data?.refreshSeconds ?? 5) * 1000),
    refetchIntervalInBackground: true,
  });
  const v = q.error ? undefined : q.data;
  const stopped = !token || token.length < 16 || q.error;
  return (
    <div style={{ position: 'fixed', inset: 0, background: C.bg, overflow: 'hidden' }} data-testid="large-screen">
      <main
        style={{
          width: W,
          height: H,
          transform: `scale(${scale})`,
          transformOrigin: '0 0',
          position: 'absolute',
          left: (window.innerWidth - W * scale) / 2,
          top: 0,
          color: C.text,
          padding: 24,
          boxSizing: 'border-box',
          display: 'flex',
          flexDirection: 'column',
          gap: 16,
          fontFamily: 'system-ui, "PingFang SC", "Microsoft YaHei", sans-serif',
        }}
      >
        {stopped ? (
          <Stopped t={t} error={q.error} />
        ) : !v ? (
          <p style={{ fontSize: 32, textAlign: 'center', paddingTop: 400 }}>{t('screen.loading')}</p>
        ) : (
          <>
            <header style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline' }}>
              <h1 data-testid="ls-title" style={{ margin: 0, fontSize: 40, letterSpacing: 2 }}>
                {t('screen.title', { org: v.orgName })}
              </h1>
              <span style={{ fontSize: 20, color: C.dim }} data-testid="ls-updated">
                {v.today} · {t('screen.updatedAt', { time: new Date(q.dataUpdatedAt).toLocaleTimeString() })}
              </span>
            </header>
            <TopPanel t={t} v={v} />
            <div style={{ flex: 1, minHeight: 0, display: 'grid', gridTemplateColumns: '480px 1fr 520px', gap: 16 }}>
              <LeftPanel t={t} v={v} />
              <MapPanel t={t} v={v} />
              <RightPanel t={t} v={v} />
            </div>
            <BottomPanel t={t} v={v} />
          </>
        )}
      </main>
    </div>
  );
}
