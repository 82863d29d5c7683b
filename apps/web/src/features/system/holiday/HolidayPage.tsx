import { memo, useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Alert, Button, Card, Col, Dropdown, Flex, Row, Space, Spin, Typography, theme } from 'antd';
import { CalendarOutlined, DownOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Perm } from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { registerMessages } from '../../../app/i18n.ts';
import { usePermission } from '../../../app/permission.tsx';
import { dayRange, isWeekend, monthGrid } from './calendar.ts';
import { NON_WORK, PENDING, WORK, useHolidayYear, useInitYear, useSetDays, type CalendarDay, type DayKind } from './holiday.api.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('holiday', zh, en);

const KIND_NAME: Record<DayKind, 'work' | 'nonWork' | 'pending'> = { 0: 'work', 1: 'nonWork', 2: 'pending' };

type Token = ReturnType<typeof theme.useToken>['token'];

/** Colours of a kind, from the theme's tokens (so the dark theme gets its own). */
function kindStyle(token: Token, kind: DayKind, inherited: 0 | 1 | null): CSSProperties {
  if (kind === WORK) return { background: token.colorPrimaryBg, color: token.colorPrimaryText, border: `1px solid ${token.colorPrimaryBorder}` };
  if (kind === NON_WORK) return { background: token.colorErrorBg, color: token.colorErrorText, border: `1px solid ${token.colorErrorBorder}` };
  // Pending: dashed; tinted by the parent organisation's decision when there is one.
  const tint = inherited === WORK ? token.colorPrimaryBorder : inherited === NON_WORK ? token.colorErrorBorder : token.colorBorder;
  return { background: 'transparent', color: token.colorTextSecondary, border: `1px dashed ${tint}` };
}

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Console-only: a month's props. */
interface MonthProps {
  year: number;
  month: number;
  byDay: Map<string, CalendarDay>;
  selected: ReadonlySet<string>;
  todayIso: string;
  onDown: (day: string, additive: boolean) => void;
  onEnter: (day: string) => void;
  editable: boolean;
}

/** The month's cells by week (seven a row; the last week padded). */
function weeksOf<T>(cells: readonly T[]): (T | null)[][] {
  const out: (T | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) {
    const week: (T | null)[] = cells.slice(i, i + 7);
    while (week.length < 7) week.push(null);
    out.push(week);
  }
  return out;
}

const Month = memo(function Month({ year, month, byDay, selected, todayIso, onDown, onEnter, editable }: MonthProps) {
  const { t } = useTranslation('holiday');
  const { token } = theme.useToken();
  const months = t('months', { returnObjects: true }) as unknown as string[];
  const weekdays = t('weekdays', { returnObjects: true }) as unknown as string[];
  const cells = useMemo(() => monthGrid(year, month), [year, month]);
  return (
    <Card size="small" title={months[month]} styles={{ body: { padding: 8 } }} data-testid="holiday-month">
      {/* A grid of weeks (rows of seven day cells) under a row of weekday headers, as assistive technology expects. */}
      <div role="grid" aria-label={months[month]} aria-multiselectable style={{ display: 'grid', gridTemplateColumns: 'repeat(7, 1fr)', gap: 3 }}>
        <div role="row" style={{ display: 'contents' }}>
          {weekdays.map((w, i) => (
            <div
              key={w}
              role="columnheader"
              style={{ textAlign: 'center', fontSize: 12, color: i >= 5 ? token.colorError : token.colorTextSecondary, paddingBottom: 2 }}
            >
              {w}
            </div>
          ))}
        </div>
        {weeksOf(cells).map((week, wi) => (
          <div key={`w${wi}`} role="row" style={{ display: 'contents' }}>
            {week.map((day, di) => {
              const i = wi * 7 + di;
              if (!day) return <div key={`b${i}`} role="gridcell" />;
              const d = byDay.get(day);
              const kind = d?.kind ?? PENDING;
              const inherited = d?.inherited ?? null;
              const sel = selected.has(day);
              const makeUp = kind === WORK && isWeekend(day);
              const holiday = kind === NON_WORK && !isWeekend(day);
              const style: CSSProperties = {
                ...kindStyle(token, kind, inherited),
                position: 'relative',
                height: 30,
                borderRadius: 4,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontSize: 12,
                fontWeight: day === todayIso ? 700 : 400,
                cursor: editable ? 'pointer' : 'default',
                outline: sel ? `2px solid ${token.colorWarning}` : day === todayIso ? `2px solid ${token.colorText}` : undefined,
                outlineOffset: sel || day === todayIso ? -1 : undefined,
                boxShadow: sel ? `inset 0 0 0 20px ${token.colorWarningBg}` : undefined,
              };
              const weekday = weekdays[(new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7];
              return (
                <div
                  key={day}
                  role="gridcell"
                  aria-selected={sel}
                  title={t('dayTitle', { day, weekday, kind: t(`kind.${KIND_NAME[kind]}`) })}
                  style={style}
                  data-testid="holiday-day"
                  data-day={day}
                  data-kind={kind}
                  onMouseDown={(e) => {
                    if (e.button !== 0 || !editable) return;
                    e.preventDefault();
                    onDown(day, e.ctrlKey || e.metaKey || e.shiftKey);
                  }}
                  onMouseEnter={() => onEnter(day)}
                >
                  {Number(day.slice(8))}
                  {makeUp || holiday ? (
                    <span style={{ position: 'absolute', top: 0, right: 2, fontSize: 9, lineHeight: '11px', fontWeight: 600 }}>
                      {makeUp ? t('mark.work') : t('mark.nonWork')}
                    </span>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
    </Card>
  );
});

function Swatch({ style, label, mark }: { style: CSSProperties; label: string; mark?: string }) {
  return (
    <Space size={6}>
      <span
        style={{
          ...style,
          width: 22,
          height: 18,
          borderRadius: 4,
          display: 'inline-flex',
          alignItems: 'flex-start',
          justifyContent: 'flex-end',
          fontSize: 9,
          fontWeight: 600,
          lineHeight: '10px',
          padding: 1,
          verticalAlign: 'middle',
        }}
      >
        {mark}
      </span>
      <Typography.Text style={{ fontSize: 12 }}>{label}</Typography.Text>
    </Space>
  );
}

/** /system/holiday: the year calendar of the current organisation. */
export default function HolidayPage() {
  const { t } = useTranslation('holiday');
  const { token } = theme.useToken();
  const editable = usePermission(Perm.holiday.edit);
  const [year, setYear] = useState(() => new Date().getFullYear());
  const { data, isFetching } = useHolidayYear(year);
  const setDays = useSetDays(year);
  const init = useInitYear(year);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const drag = useRef<{ anchor: string; base: ReadonlySet<string> } | null>(null);
  const todayIso = today();

  const byDay = useMemo(() => new Map((data?.days ?? []).map((d) => [d.day, d])), [data]);

  useEffect(() => setSelected(new Set()), [year]);

  useEffect(() => {
    const up = () => {
      drag.current = null;
    };
    window.addEventListener('mouseup', up);
    return () => window.removeEventListener('mouseup', up);
  }, []);

  const onDown = useCallback((day: string, additive: boolean) => {
    setSelected((prev) => {
      const base = additive ? new Set(prev) : new Set<string>();
      drag.current = { anchor: day, base };
      const next = new Set(base);
      if (additive && prev.has(day)) next.delete(day);
      else next.add(day);
      return next;
    });
  }, []);

  const onEnter = useCallback((day: string) => {
    const d = drag.current;
    if (!d) return;
    const next = new Set(d.base);
    for (const x of dayRange(d.anchor, day)) next.add(x);
    setSelected(next);
  }, []);

  const apply = async (kind: DayKind) => {
    const days = [...selected].sort();
    if (!days.length) return;
    try {
      // The server takes at most 366 days a call.
      for (let i = 0; i < days.length; i += 366) await setDays.mutateAsync(days.slice(i, i + 366).map((day) => ({ day, kind })));
      success(t('saved', { n: days.length, kind: t(`kind.${KIND_NAME[kind]}`) }));
      setSelected(new Set());
    } catch {
      /* the request layer showed why */
    }
  };

  const runInit = async (overwrite: boolean) => {
    const ok = await confirm({ content: t(overwrite ? 'initOverwriteConfirm' : 'initConfirm', { year }), danger: overwrite });
    if (!ok) return;
    try {
      const r = await init.mutateAsync(overwrite);
      success(t('initDone', { work: r.work, nonWork: r.nonWork }));
    } catch {
      /* the request layer showed why */
    }
  };

  const range = [...selected].sort();
  const counts = data?.counts ?? { work: 0, nonWork: 0, pending: 0 };

  return (
    <Flex vertical gap={12} data-testid="holiday-page" style={{ userSelect: 'none' }}>
      <Card size="small">
        <Flex justify="space-between" align="center" wrap gap={12}>
          <Space wrap>
            <Button icon={<LeftOutlined />} onClick={() => setYear((y) => y - 1)} aria-label={t('prevYear')} data-testid="holiday-prev" />
            <Typography.Title level={4} style={{ margin: 0, minWidth: 90, textAlign: 'center' }} data-testid="holiday-year">
              {t('year', { year })}
            </Typography.Title>
            <Button icon={<RightOutlined />} onClick={() => setYear((y) => y + 1)} aria-label={t('nextYear')} data-testid="holiday-next" />
            {year !== new Date().getFullYear() ? (
              <Button type="link" icon={<CalendarOutlined />} onClick={() => setYear(new Date().getFullYear())}>
                {t('thisYear')}
              </Button>
            ) : null}
            <Typography.Text type="secondary" data-testid="holiday-counts">
              {t('counts', counts)}
            </Typography.Text>
          </Space>
          {editable ? (
            <Space.Compact>
              <Button type="primary" loading={init.isPending} onClick={() => void runInit(false)} data-testid="holiday-init">
                {t('init')}
              </Button>
              <Dropdown
                trigger={['click']}
                menu={{
                  items: [{ key: 'overwrite', danger: true, label: <span data-testid="holiday-init-overwrite">{t('initOverwrite')}</span> }],
                  onClick: () => void runInit(true),
                }}
              >
                <Button type="primary" icon={<DownOutlined />} disabled={init.isPending} aria-label={t('initOverwrite')} />
              </Dropdown>
            </Space.Compact>
          ) : null}
        </Flex>
        <Flex wrap gap={16} align="center" style={{ marginTop: 12 }} data-testid="holiday-legend">
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('legend')}:
          </Typography.Text>
          <Swatch style={kindStyle(token, WORK, null)} label={t('kind.work')} />
          <Swatch style={kindStyle(token, NON_WORK, null)} label={t('kind.nonWork')} mark={t('mark.nonWork')} />
          <Swatch style={kindStyle(token, PENDING, null)} label={t('kind.pending')} />
          <Swatch style={kindStyle(token, PENDING, 1)} label={t('legendInherited', { kind: t('kind.nonWork') })} />
          <Swatch style={kindStyle(token, WORK, null)} label={t('legendMakeUp')} mark={t('mark.work')} />
          <Swatch style={{ outline: `2px solid ${token.colorText}`, outlineOffset: -1 }} label={t('legendToday')} />
        </Flex>
      </Card>

      {!editable ? <Alert type="info" showIcon title={t('readOnly')} /> : null}

      {editable ? (
        <Card size="small" styles={{ body: { padding: '8px 12px' } }}>
          {range.length ? (
            <Flex align="center" gap={8} wrap data-testid="holiday-selection">
              <Typography.Text strong>{t('selected', { n: range.length })}</Typography.Text>
              <Typography.Text type="secondary">
                {range[0]}
                {range.length > 1 ? ` – ${range[range.length - 1]}` : ''}
              </Typography.Text>
              <Typography.Text>{t('setAs')}</Typography.Text>
              <Button
                size="small"
                onClick={() => void apply(WORK)}
                loading={setDays.isPending}
                data-testid="holiday-set-work"
                style={kindStyle(token, WORK, null)}
              >
                {t('kind.work')}
              </Button>
              <Button
                size="small"
                onClick={() => void apply(NON_WORK)}
                loading={setDays.isPending}
                data-testid="holiday-set-nonwork"
                style={kindStyle(token, NON_WORK, null)}
              >
                {t('kind.nonWork')}
              </Button>
              <Button
                size="small"
                onClick={() => void apply(PENDING)}
                loading={setDays.isPending}
                data-testid="holiday-set-pending"
                style={kindStyle(token, PENDING, null)}
              >
                {t('kind.pending')}
              </Button>
              <Button size="small" type="link" onClick={() => setSelected(new Set())} data-testid="holiday-clear">
                {t('clear')}
              </Button>
            </Flex>
          ) : (
            <Typography.Text type="secondary">{t('hint')}</Typography.Text>
          )}
        </Card>
      ) : null}

      <Spin spinning={isFetching && !!data}>
        <Row gutter={[12, 12]}>
          {Array.from({ length: 12 }, (_, m) => (
            <Col key={m} xs={24} sm={12} lg={8} xxl={6}>
              <Month year={year} month={m} byDay={byDay} selected={selected} todayIso={todayIso} onDown={onDown} onEnter={onEnter} editable={editable} />
            </Col>
          ))}
        </Row>
      </Spin>
    </Flex>
  );
}
