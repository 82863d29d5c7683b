import { useEffect, useState } from 'react';
import { Alert, Button, Card, Checkbox, DatePicker, Form, Input, Radio, Select, Space, Switch, Table, Tag, TimePicker, Typography, theme } from 'antd';
import { success } from '../../../../app/feedback.tsx';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { Perm, type PlanApplyAnswer, type PlanClash, type PlanPreview, type PlanPreviewLesson, type PlanRow } from '@venue/contract';
import { queryClient } from '../../../../app/query.ts';
import { api, http } from '../../../../app/request.ts';
import { useCan } from '../../../../kit/index.ts';
import { reactToSaveError } from '../../../../kit/form.ts';
import { ShareButton } from '../share/ShareButton.tsx';
import { PLAN_LIST_PATH, WEEKDAYS, dayRuleOptions, planDetailPath, useClasses, useCoachOptions, usePlanT, useSites, type Translate } from './shared.tsx';

interface PlanForm {
  classId?: number;
  name?: string;
  dayRule: 'weekdays' | 'workdays' | 'non-workdays';
  weekdays: number[];
  time?: [Dayjs, Dayjs];
  range?: [Dayjs, Dayjs];
  siteIds: number[];
  coachId?: number;
  skipHolidays: boolean;
}

const url = (p: string) => api.sport(`course/plan${p ? `/${p}` : ''}`);

function bodyOf(v: PlanForm) {
  return {
    classId: v.classId,
    name: v.name,
    dayRule: v.dayRule,
    weekdays: v.dayRule === 'weekdays' ? v.weekdays : [],
    start: v.time?.[0].format('HH:mm'),
    end: v.time?.[1].format('HH:mm'),
    fromDay: v.range?.[0].format('YYYY-MM-DD'),
    toDay: v.range?.[1].format('YYYY-MM-DD'),
    siteIds: v.siteIds,
    coachId: v.coachId,
    skipHolidays: v.skipHolidays,
  };
}

function formOf(p: PlanRow): PlanForm {
  return {
    classId: p.classId,
    name: p.name,
    dayRule: p.dayRule,
    weekdays: p.weekdays,
    time: [dayjs(`2000-01-01T${p.start}`), dayjs(`2000-01-01T${p.end === '24:00' ? '23:59' : p.end}`)],
    range: [dayjs(p.fromDay), dayjs(p.toDay)],
    siteIds: p.siteIds,
    coachId: p.coachId,
    skipHolidays: p.skipHolidays,
  };
}

/** `HH:mm` of a minute of the day (wrapping past midnight). */
const clock = (m: number) => {
  const x = ((Math.round(m) % 1440) + 1440) % 1440;
  return `${String(Math.floor(x / 60)).padStart(2, '0')}:${String(x % 60).padStart(2, '0')}`;
};

/**
 * What holds a lesson's time, in words: "Coach Wang: a sparring booking 19:30–20:30". Times on the
 * venue's wall clock: the holder's offset from the lesson, added to the plan's start.
 */
function holderText(t: Translate, c: PlanClash, l: PlanPreviewLesson, start: string): string {
  const who = `${t(`holder.${c.on}`)} ${c.resourceName ?? `#${c.resourceId}`}`;
  const known = ['sparring', 'booking', 'lock', 'closure', 'lesson'];
  const what =
    c.kind === 'lesson'
      ? t('holder.lesson', { n: (c.index ?? 0) + 1 })
      : known.includes(c.holderKind)
        ? t(`holder.${c.holderKind}` as 'holder.booking')
        : t('holder.other', { kind: c.holderKind });
  const base = Number(start.slice(0, 2)) * 60 + Number(start.slice(3, 5));
  const at = (iso: string) => clock(base + (Date.parse(iso) - Date.parse(l.startsAt)) / 60_000);
  const when = c.from && c.to ? ` ${at(c.from)}–${at(c.to)}` : '';
  return `${who}: ${what}${c.kind === 'lesson' ? '' : when}`;
}

/** sport.course.planDetail (courseSchedulingPlan detail): the plan's form, its preview (lessons, conflicts, skipped dates) and its save. */
export default function PlanDetailPage() {
  const t = usePlanT();
  const can = useCan();
  const { token } = theme.useToken();
  const navigate = useNavigate();
  const { id: idParam } = useParams();
  const id = idParam && idParam !== 'new' ? Number(idParam) : undefined;
  const [form] = Form.useForm<PlanForm>();
  const classes = useClasses();
  const sites = useSites();
  const coachOptions = useCoachOptions();
  const [preview, setPreview] = useState<PlanPreview & { start: string; end: string }>();
  const [busy, setBusy] = useState<string>();
  const plan = useQuery({ queryKey: ['coursePlan', 'plan', id], queryFn: () => http.get<PlanRow>(url(String(id))), enabled: id !== undefined });
  const applied = plan.data?.state === 'applied';
  useEffect(() => {
    if (plan.data) form.setFieldsValue(formOf(plan.data));
  }, [plan.data, form]);
  const dayRule = Form.useWatch('dayRule', form);

  const runPreview = async () => {
    const v = await form.validateFields();
    setBusy('preview');
    try {
      const body = bodyOf(v);
      // Every lesson is at the plan's time on the venue's wall clock, whatever the browser's zone.
      setPreview({ ...(await http.post<PlanPreview>(url('preview'), body)), start: body.start!, end: body.end! });
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(undefined);
    }
  };

  const save = async (mode: 'all' | 'skipConflicts') => {
    const v = await form.validateFields();
    setBusy(mode);
    let row = plan.data;
    try {
      const body = bodyOf(v);
      if (!row) row = await http.post<PlanRow>(url(''), body);
      else {
        const { classId: _c, ...changes } = body;
        row = await http.put<PlanRow>(url(String(row.id)), { ...changes, version: row.version });
      }
      const answer = await http.post<PlanApplyAnswer>(url(`${row.id}/apply`), { mode, version: row.version });
      success(
        answer.skippedLessons.length
          ? t('preview.savedSkipped', { n: answer.saved, s: answer.skippedLessons.length })
          : t('preview.saved', { n: answer.saved }),
      );
      setPreview(undefined);
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(undefined);
      if (row) {
        await queryClient.invalidateQueries({ queryKey: ['coursePlan'] });
        if (row.id !== id) navigate(planDetailPath(row.id), { replace: true });
      }
    }
  };

  const pickClass = (classId: number) => {
    const c = classes.find((x) => x.id === classId);
    if (!c) return;
    form.setFieldsValue({
      coachId: c.coachId,
      siteIds: c.siteId ? [c.siteId] : form.getFieldValue('siteIds'),
      name: form.getFieldValue('name') || c.name,
      range: [dayjs(c.startDay), dayjs(c.endDay)],
    });
  };

  const siteName = (sid: number) => sites.find((s) => s.id === sid)?.name ?? `#${sid}`;
  const editable = !applied && can(id === undefined ? Perm.coursePlan.add : Perm.coursePlan.edit);

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="plan-detail">
      <Card
        title={plan.data ? plan.data.name : t('action.add')}
        extra={
          <Space>
            {plan.data ? <ShareButton kind="plan" id={plan.data.id} /> : null}
            <Button onClick={() => navigate(PLAN_LIST_PATH)}>{t('action.back')}</Button>
          </Space>
        }
        loading={id !== undefined && plan.isLoading}
      >
        {applied && (
          <Alert type="success" showIcon style={{ marginBottom: 16 }} message={`${t('preview.applied')} (${t('field.lessons')}: ${plan.data?.lessons})`} />
        )}
        <Form
          form={form}
          layout="vertical"
          disabled={!editable}
          initialValues={{ dayRule: 'weekdays', weekdays: [], siteIds: [], skipHolidays: true }}
          onValuesChange={() => setPreview(undefined)}
        >
          <Space wrap size="large" align="start">
            <Form.Item name="classId" label={t('field.className')} rules={[{ required: true }]} style={{ minWidth: 260 }}>
              <Select
                id="plan-class"
                showSearch
                optionFilterProp="label"
                disabled={id !== undefined}
                options={classes.map((c) => ({ value: c.id, label: `${c.courseName} · ${c.name}` }))}
                onChange={pickClass}
              />
            </Form.Item>
            <Form.Item name="name" label={t('field.name')} rules={[{ required: true, max: 64 }]} style={{ minWidth: 220 }}>
              <Input id="plan-name" />
            </Form.Item>
            <Form.Item name="coachId" label={t('field.coach')} rules={[{ required: true }]} style={{ minWidth: 180 }}>
              <Select id="plan-coach" options={coachOptions} />
            </Form.Item>
            <Form.Item name="siteIds" label={t('field.sites')} style={{ minWidth: 260 }}>
              <Select id="plan-sites" mode="multiple" options={sites.map((s) => ({ value: s.id, label: s.name }))} />
            </Form.Item>
          </Space>
          <Form.Item name="dayRule" label={t('field.dayRule')} rules={[{ required: true }]}>
            <Radio.Group options={dayRuleOptions.map((o) => ({ value: o.value, label: t(o.label as 'dayRuleOf.weekdays') }))} />
          </Form.Item>
          {dayRule === 'weekdays' && (
            <Form.Item name="weekdays" label={t('field.weekdays')} rules={[{ required: true, type: 'array', min: 1 }]}>
              <Checkbox.Group options={WEEKDAYS.map((d) => ({ value: d, label: t(`weekday.${d}`) }))} />
            </Form.Item>
          )}
          <Space wrap size="large" align="start">
            <Form.Item name="time" label={t('field.time')} rules={[{ required: true }]}>
              <TimePicker.RangePicker id="plan-time" format="HH:mm" minuteStep={5} order />
            </Form.Item>
            <Form.Item name="range" label={t('field.range')} rules={[{ required: true }]}>
              <DatePicker.RangePicker id="plan-range" />
            </Form.Item>
            <Form.Item name="skipHolidays" label={t('field.skipHolidays')} valuePropName="checked">
              <Switch id="plan-skip-holidays" />
            </Form.Item>
          </Space>
        </Form>
        {editable && (
          <Space wrap>
            <Button id="plan-preview" onClick={() => void runPreview()} loading={busy === 'preview'}>
              {t('action.preview')}
            </Button>
            {can(Perm.coursePlan.apply) && (
              <>
                <Button id="plan-save-all" type="primary" onClick={() => void save('all')} loading={busy === 'all'} disabled={!preview}>
                  {t('action.saveAll')}
                </Button>
                <Button id="plan-save-free" onClick={() => void save('skipConflicts')} loading={busy === 'skipConflicts'} disabled={!preview}>
                  {t('action.saveFree')}
                </Button>
              </>
            )}
          </Space>
        )}
      </Card>
      {editable && (
        <Card
          title={t('preview.title')}
          extra={preview && <span data-testid="plan-summary">{t('preview.summary', { n: preview.lessons.length, c: preview.conflicts })}</span>}
        >
          {!preview ? (
            <Typography.Text type="secondary">{t('preview.empty')}</Typography.Text>
          ) : (
            <Space direction="vertical" size="middle" style={{ width: '100%' }}>
              <Table<PlanPreviewLesson>
                data-testid="plan-lessons"
                size="small"
                rowKey="index"
                dataSource={preview.lessons}
                pagination={{ pageSize: 20, showSizeChanger: false }}
                onRow={(l) => (l.ok ? {} : ({ style: { background: token.colorErrorBg }, 'data-conflict': 'true' } as object))}
                columns={[
                  { key: 'n', title: '#', width: 56, render: (_: unknown, l) => l.index + 1 },
                  {
                    key: 'day',
                    title: t('field.day'),
                    width: 150,
                    render: (_: unknown, l) => `${l.day} ${t(`weekday.${dayjs(l.day).day() || 7}` as 'weekday.1')}`,
                  },
                  {
                    key: 'time',
                    title: t('field.lessonTime'),
                    width: 130,
                    render: () => `${preview.start}–${preview.end}`,
                  },
                  { key: 'sites', title: t('field.sites'), render: (_: unknown, l) => l.siteIds.map(siteName).join(', ') || '—' },
                  {
                    key: 'conflict',
                    title: t('field.conflict'),
                    render: (_: unknown, l) =>
                      l.ok ? (
                        <Tag color="green">{t('preview.ok')}</Tag>
                      ) : (
                        <Space direction="vertical" size={0}>
                          {l.clashes.map((c, i) => (
                            <Typography.Text key={i} type="danger">
                              {holderText(t, c, l, preview.start)}
                            </Typography.Text>
                          ))}
                        </Space>
                      ),
                  },
                ]}
              />
              <Card type="inner" size="small" title={t('preview.skipped')}>
                {preview.skipped.length ? (
                  <Table<PlanPreview['skipped'][number]>
                    data-testid="plan-skipped"
                    size="small"
                    rowKey="day"
                    pagination={false}
                    dataSource={preview.skipped}
                    columns={[
                      {
                        key: 'day',
                        title: t('field.day'),
                        width: 150,
                        render: (_: unknown, s) => `${s.day} ${t(`weekday.${dayjs(s.day).day() || 7}` as 'weekday.1')}`,
                      },
                      {
                        key: 'reason',
                        title: t('field.reason'),
                        render: (_: unknown, s) => <Tag color="orange">{t(`skipReasonOf.${s.reason}` as 'skipReasonOf.holiday')}</Tag>,
                      },
                    ]}
                  />
                ) : (
                  <Typography.Text type="secondary">{t('preview.noSkipped')}</Typography.Text>
                )}
              </Card>
            </Space>
          )}
        </Card>
      )}
    </Space>
  );
}
