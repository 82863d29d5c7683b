import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Checkbox, Flex, Input, InputNumber, List, Radio, Select, Spin, Tabs, Typography } from 'antd';
import { NoFormStyle } from 'antd/es/form/context';
import { isApiError } from '../../app/request.ts';
import { useLang } from '../../app/prefs.ts';
import {
  BOUNDS,
  KINDS,
  buildCron,
  changeField,
  defaultState,
  maxStep,
  parseCron,
  stateProblem,
  textProblem,
  type CronField,
  type CronState,
  type FieldKind,
  type FieldName,
} from './cron.ts';
import { jobApi, type CronPreview } from './job.api.ts';
import { slots } from './slots.tsx';
import './job.css';
import { browserTimeZone, formatFireTime } from './time.ts';
import { useJobT } from './i18n.ts';
import type { FeatureT } from '../../app/i18n.ts';
import type zh from './messages.zh-CN.ts';

type T = FeatureT<typeof zh>;

/** Console-only: the editor's props. */
export interface CronEditorProps {
  /** The Cron text (the form's value). */
  value?: string | null;
  onChange?: (value: string) => void;
  id?: string;
  /** What the preview of the next fire times also depends on. */
  timeZone?: string | null;
  startTime?: string | null;
  endTime?: string | null;
  skipNonWorkDays?: boolean;
  disabled?: boolean;
  /** Show the editor's own problem under the text (off inside a form item that shows it already). */
  inlineProblem?: boolean;
}

const range = (min: number, max: number) => Array.from({ length: max - min + 1 }, (_, i) => min + i);

/** The editor's own problem with a text (shape, day rule, a field's values), as a message. */
export function localProblem(text: string, t: T): string | null {
  const bad = textProblem(text);
  if (bad) return cronError(t, bad.key, bad.params);
  const parsed = parseCron(text);
  const p = 'state' in parsed ? stateProblem(parsed.state) : null;
  return p ? cronError(t, p.key) : null;
}

/** The problems of cron.ts are keys under `cron.error.` built from coded values (fields, rules). */
const cronError = (t: T, key: string, params?: Record<string, unknown>) => t.dynamic('cron.error', key.replace(/^cron\.error\./, ''), params);

function Num({
  name,
  value,
  onChange,
  min,
  max,
  testId,
  disabled,
}: {
  name: FieldName;
  value: number;
  onChange: (v: number) => void;
  min?: number;
  max?: number;
  testId: string;
  disabled?: boolean;
}) {
  return (
    <InputNumber
      size="small"
      min={min ?? BOUNDS[name].min}
      max={max ?? BOUNDS[name].max}
      precision={0}
      value={value}
      disabled={disabled}
      onChange={(v) => onChange(typeof v === 'number' ? v : (min ?? BOUNDS[name].min))}
      onClick={(e) => e.stopPropagation()}
      style={{ width: name === 'year' ? 84 : 64, marginInline: 4 }}
      data-testid={testId}
    />
  );
}

function WeekdaySelect({ value, onChange, testId, t, disabled }: { value: number; onChange: (v: number) => void; testId: string; t: T; disabled?: boolean }) {
  return (
    <Select
      size="small"
      value={value}
      disabled={disabled}
      onChange={onChange}
      style={{ width: 110, marginInline: 4 }}
      options={range(1, 7).map((d) => ({ value: d, label: t.dynamic('cron.weekday', d) }))}
      data-testid={testId}
      onClick={(e) => e.stopPropagation()}
    />
  );
}

/** One field's choices: every, range, step, list and the field's specials, as radio lines with inputs. */
function FieldPanel({ name, field, onChange, t, disabled }: { name: FieldName; field: CronField; onChange: (f: CronField) => void; t: T; disabled?: boolean }) {
  const unit = t(`cron.unit.${name}`);
  const id = (part: string) => `cron-${name}-${part}`;
  const set = (kind: FieldKind, patch: Partial<CronField> = {}) => {
    const next = { ...field, ...patch, kind };
    // A list starts with one value chosen (the year: this one), and never ends up empty.
    if (kind === 'list' && !next.values.length) {
      if (field.kind === 'list' && 'values' in patch) return;
      next.values = [name === 'year' ? Math.min(Math.max(new Date().getFullYear(), BOUNDS.year.min), BOUNDS.year.max) : BOUNDS[name].min];
    }
    onChange(next);
  };
  const labelOf = (value: number) =>
    name === 'week' ? t.dynamic('cron.weekday', value) : String(value).padStart(name === 'second' || name === 'minute' || name === 'hour' ? 2 : 1, '0');
  const line = (kind: FieldKind): ReactNode => {
    switch (kind) {
      case 'every':
        return name === 'week' ? t('cron.kind.weekEvery') : t('cron.kind.every', { unit });
      case 'none':
        return t('cron.kind.none');
      case 'omit':
        return t('cron.kind.omit');
      case 'last':
        return t('cron.kind.last');
      case 'lastWorkday':
        return t('cron.kind.lastWorkday');
      case 'range':
        return slots(name === 'week' ? t('cron.kind.weekRange') : t('cron.kind.range', { unit }), {
          from:
            name === 'week' ? (
              <WeekdaySelect value={field.from} onChange={(v) => set('range', { from: v })} testId={id('from')} t={t} disabled={disabled} />
            ) : (
              <Num name={name} value={field.from} onChange={(v) => set('range', { from: v })} testId={id('from')} disabled={disabled} />
            ),
          to:
            name === 'week' ? (
              <WeekdaySelect value={field.to} onChange={(v) => set('range', { to: v })} testId={id('to')} t={t} disabled={disabled} />
            ) : (
              <Num name={name} value={field.to} onChange={(v) => set('range', { to: v })} testId={id('to')} disabled={disabled} />
            ),
        });
      case 'step':
        return slots(name === 'week' ? t('cron.kind.weekStep') : t('cron.kind.step', { unit }), {
          start:
            name === 'week' ? (
              <WeekdaySelect value={field.start} onChange={(v) => set('step', { start: v })} testId={id('start')} t={t} disabled={disabled} />
            ) : (
              <Num name={name} value={field.start} onChange={(v) => set('step', { start: v })} testId={id('start')} disabled={disabled} />
            ),
          every: (
            <Num
              name={name}
              min={1}
              max={maxStep(name)}
              value={field.every}
              onChange={(v) => set('step', { every: v })}
              testId={id('every')}
              disabled={disabled}
            />
          ),
        });
      case 'list':
        return name === 'week' ? t('cron.kind.weekList') : t('cron.kind.list', { unit });
      case 'nearestWeekday':
        return slots(t('cron.kind.nearestWeekday'), {
          day: <Num name="day" value={field.day} onChange={(v) => set('nearestWeekday', { day: v })} testId={id('nearest')} disabled={disabled} />,
        });
      case 'nth':
        return slots(t('cron.kind.nth'), {
          nth: <Num name="week" min={1} max={5} value={field.nth} onChange={(v) => set('nth', { nth: v })} testId={id('nth')} disabled={disabled} />,
          day: <WeekdaySelect value={field.day} onChange={(v) => set('nth', { day: v })} testId={id('nthDay')} t={t} disabled={disabled} />,
        });
      case 'lastOfMonth':
        return slots(t('cron.kind.lastOfMonth'), {
          day: <WeekdaySelect value={field.day} onChange={(v) => set('lastOfMonth', { day: v })} testId={id('lastDay')} t={t} disabled={disabled} />,
        });
      default:
        return null;
    }
  };
  const { min, max } = BOUNDS[name];
  const listValues =
    name === 'year' ? (
      <Select
        mode="multiple"
        size="small"
        disabled={disabled}
        placeholder={t('cron.selectYears')}
        value={field.values}
        onChange={(values: number[]) => set('list', { values: [...values].sort((a, b) => a - b) })}
        options={range(min, max).map((y) => ({ value: y, label: String(y) }))}
        style={{ minWidth: 320 }}
        data-testid={id('years')}
      />
    ) : (
      <Checkbox.Group
        disabled={disabled}
        value={field.values}
        onChange={(values) => set('list', { values: (values as number[]).slice().sort((a, b) => a - b) })}
        data-testid={id('values')}
        className={`job-cron-grid job-cron-grid-${name}`}
        options={range(min, max).map((v) => ({ value: v, label: labelOf(v) }))}
      />
    );
  return (
    <div data-testid={`cron-panel-${name}`}>
      <Radio.Group
        value={field.kind === 'custom' ? undefined : field.kind}
        onChange={(e) => set(e.target.value as FieldKind)}
        disabled={disabled}
        style={{ width: '100%' }}
      >
        <Flex vertical gap={8}>
          {KINDS[name].map((kind) => (
            <div key={kind}>
              <Radio value={kind} data-testid={id(`kind-${kind}`)}>
                <span className="job-cron-line">{line(kind)}</span>
              </Radio>
              {kind === 'list' && field.kind === 'list' ? <div style={{ margin: '6px 0 0 24px' }}>{listValues}</div> : null}
            </div>
          ))}
        </Flex>
      </Radio.Group>
      {field.kind === 'custom' ? <Alert style={{ marginTop: 8 }} type="info" showIcon title={t('cron.kind.custom', { raw: field.raw })} /> : null}
    </div>
  );
}

/**
 * The cron editor of spec 2.4: SecondAndMinute, Hour, Day, Month, Week and Year tabs, the Cron
 * text both ways (typing updates the tabs, the tabs rewrite the text), the day/weekday rule
 * of spec 5, and the next 10 fire times from the server (POST job/cron/preview) with its
 * localised message for a bad expression.
 */
export function CronEditor({ value, onChange, id, timeZone, startTime, endTime, skipNonWorkDays, disabled, inlineProblem = true }: CronEditorProps) {
  const tr = useJobT();
  const t = tr as unknown as T;
  const lang = useLang();
  const localZone = useMemo(browserTimeZone, []);
  const text = value ?? '';
  const [state, setState] = useState<CronState>(() => {
    const p = parseCron(text);
    return 'state' in p ? p.state : defaultState();
  });
  // The text the editor itself last wrote (tabs or typing): a value equal to it needs no re-parse.
  const written = useRef<string | null>(text);

  useEffect(() => {
    // A value set from outside (the form reset, a job loaded).
    if (text === written.current) return;
    written.current = text;
    const p = parseCron(text);
    if ('state' in p) setState(p.state);
  }, [text]);

  const typed = (v: string) => {
    written.current = v;
    const p = parseCron(v);
    if ('state' in p) setState(p.state);
    onChange?.(v);
  };

  const setField = (name: FieldName, f: CronField) => {
    const next = changeField(state, name, f);
    setState(next);
    const out = buildCron(next);
    written.current = out;
    onChange?.(out);
  };

  const problem = text.trim() ? localProblem(text, t) : null;
  const [preview, setPreview] = useState<{ data?: CronPreview; error?: string; loading: boolean }>({ loading: false });
  useEffect(() => {
    if (!text.trim() || problem) {
      setPreview({ loading: false });
      return;
    }
    const ctl = new AbortController();
    setPreview((p) => ({ ...p, loading: true }));
    const timer = setTimeout(() => {
      jobApi
        .preview(
          { cronExpr: text, timeZone: timeZone || null, startTime: startTime || null, endTime: endTime || null, skipNonWorkDays: !!skipNonWorkDays },
          ctl.signal,
        )
        .then((data) => setPreview({ data, loading: false }))
        .catch((e: unknown) => {
          if (ctl.signal.aborted) return;
          setPreview({ error: isApiError(e) ? e.msg || e.message : String(e), loading: false });
        });
    }, 350);
    return () => {
      clearTimeout(timer);
      ctl.abort();
    };
    // Language too: the server's message follows it.
  }, [text, problem, timeZone, startTime, endTime, skipNonWorkDays, lang]);

  const panel = (name: FieldName) => <FieldPanel name={name} field={state[name]} onChange={(f) => setField(name, f)} t={t} disabled={disabled} />;
  const items = useMemo(
    () => [
      {
        key: 'secondMinute',
        label: <span data-testid="cron-tab-secondMinute">{t('cron.tab.secondMinute')}</span>,
        children: (
          <Flex vertical gap={16}>
            <div>
              <Typography.Text strong>{t('cron.unit.second')}</Typography.Text>
              <div style={{ marginTop: 8 }}>{panel('second')}</div>
            </div>
            <div>
              <Typography.Text strong>{t('cron.unit.minute')}</Typography.Text>
              <div style={{ marginTop: 8 }}>{panel('minute')}</div>
            </div>
          </Flex>
        ),
      },
      ...(['hour', 'day', 'month', 'week', 'year'] as const).map((n) => ({
        key: n,
        label: <span data-testid={`cron-tab-${n}`}>{t(`cron.tab.${n}`)}</span>,
        children: panel(n),
      })),
    ],
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the panels are made from state; panel() is made anew each render from the same state
    [state, t, disabled],
  );

  return (
    // The surrounding form item's error colours only the Cron text, not every input of the tabs.
    <NoFormStyle status override>
      <div className="job-cron" data-testid="cron-editor">
        <Tabs size="small" items={items} />
        <div style={{ marginTop: 8 }}>
          <Typography.Text strong>{t('cron.text')}</Typography.Text>
          <Input
            id={id}
            value={text}
            disabled={disabled}
            onChange={(e) => typed(e.target.value)}
            placeholder="0 0/5 * * * ?"
            className="job-cron-text"
            style={{ marginTop: 4 }}
            status={problem || preview.error ? 'error' : undefined}
            data-testid="cron-text"
            allowClear
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('cron.textHint')}
          </Typography.Text>
          {problem && inlineProblem ? (
            <div data-testid="cron-error">
              <Typography.Text type="danger">{problem}</Typography.Text>
            </div>
          ) : null}
        </div>
        <div className="job-cron-preview" data-testid="cron-preview">
          <Typography.Text strong>
            {t('cron.preview')}
            {preview.data ? t('cron.previewTz', { tz: preview.data.timeZone }) : ''}
          </Typography.Text>{' '}
          {preview.loading ? <Spin size="small" /> : null}
          {preview.error ? <Alert type="error" showIcon title={preview.error} style={{ marginTop: 8 }} data-testid="cron-preview-error" /> : null}
          {!preview.error && preview.data ? (
            <List
              size="small"
              dataSource={preview.data.times}
              style={{ marginTop: 4 }}
              renderItem={(x, i) => (
                <List.Item data-testid="cron-preview-item" style={{ paddingBlock: 2 }}>
                  <Typography.Text type="secondary" style={{ width: 28, display: 'inline-block' }}>
                    {i + 1}.
                  </Typography.Text>
                  <span style={{ flex: 1 }}>
                    {formatFireTime(x.time, lang)}
                    {preview.data!.timeZone !== localZone ? (
                      <Typography.Text type="secondary" style={{ marginInlineStart: 12 }}>
                        {t('cron.previewJobZone', { time: x.local, tz: preview.data!.timeZone })}
                      </Typography.Text>
                    ) : null}
                    {x.dst ? (
                      // Daylight saving touched this fire: say how (the rule of decisions, "Job scheduling"), with the offset that tells the passes apart.
                      <Typography.Text type="warning" style={{ marginInlineStart: 12 }} data-testid="cron-preview-dst" data-dst={x.dst}>
                        {x.offset ? `${t('cron.previewOffset', { offset: x.offset })} · ` : ''}
                        {t(`cron.dst.${x.dst}`)}
                      </Typography.Text>
                    ) : null}
                  </span>
                </List.Item>
              )}
            />
          ) : null}
          {!preview.error && !preview.data && !preview.loading ? (
            <div>
              <Typography.Text type="secondary">{t('cron.previewEmpty')}</Typography.Text>
            </div>
          ) : null}
        </div>
      </div>
    </NoFormStyle>
  );
}
