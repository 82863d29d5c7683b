import { useLayoutEffect, useMemo, useState, type ReactNode } from 'react';
import { Col, DatePicker, Divider, Form, Input, Radio, Row as GridRow, Select, Switch } from 'antd';
import { EditorModal } from './EditorModal.tsx';
import type { Rule } from 'antd/es/form';
import dayjs, { type Dayjs } from 'dayjs';
import type { ZodType } from 'zod';
import { IntegerInput, applyFieldErrors, errorFieldsOf, focusFirstError, useKitT, validateValue } from '../../kit/index.ts';
import { confirmed } from './actions.ts';
import { CronEditor, localProblem } from './CronEditor.tsx';
import { jobApi, useJobHandlers, type Job } from './job.api.ts';
import { FMT, jobToValues, newJobValues, toInstant, valuesToBody, type JobFormValues } from './job.form.ts';
import { jobRules } from './job.rules.ts';
import { ParamTable } from './ParamTable.tsx';
import { paramsToRows, rowProblems, type ParamRow } from './params.ts';
import { timeZones, windowProblem } from './time.ts';
import { useJobT } from './i18n.ts';

/** A date-time picker holding 'YYYY-MM-DD HH:mm:ss' text. */
function DateTimeInput({
  value,
  onChange,
  id,
  placeholder,
}: {
  value?: string | null;
  onChange?: (v: string | null) => void;
  id?: string;
  placeholder?: string;
}) {
  return (
    <DatePicker
      id={id}
      showTime
      format={FMT}
      style={{ width: '100%' }}
      placeholder={placeholder}
      value={value ? dayjs(value) : null}
      onChange={(d: Dayjs | null) => onChange?.(d ? d.format(FMT) : null)}
    />
  );
}

/** Console-only: the dialog's props. */
export interface JobFormDialogProps {
  open: boolean;
  /** The job being edited; null for add. */
  job: Job | null;
  /** Values to start an add from (a copy). */
  initial?: Partial<JobFormValues>;
  onClose: () => void;
  onSaved: (job: Job) => void;
}

/**
 * Add / edit a job (spec 5): name, group, type (bean handler | HTTP), architecture, periodic,
 * trigger (cron with the cron editor and its preview | interval), repeat count, start/end,
 * URI / ip / port, params (ParamTable), time zone, non-work days, misfire, blocking, time-out,
 * retries, description. Saving asks first (spec 4) and says 'cancelled' when declined.
 */
export function JobFormDialog({ open, job, initial, onClose, onSaved }: JobFormDialogProps) {
  const tr = useJobT();
  const t = tr;
  const tk = useKitT();
  const [form] = Form.useForm<JobFormValues>();
  const [busy, setBusy] = useState(false);
  const handlers = useJobHandlers(open);
  const zones = useMemo(() => timeZones().map((z) => ({ value: z, label: z })), []);
  const mode = job ? 'edit' : 'add';

  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(job ? jobToValues(job) : { ...newJobValues(), ...(initial ?? {}) });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- filled only when opened, or for another job; initial is the caller's inline object
  }, [open, job]);

  const jobType = Form.useWatch('jobType', form);
  const triggerType = Form.useWatch('triggerType', form);
  const periodic = Form.useWatch('periodic', form);
  const beanName = Form.useWatch('beanName', form);
  const timeZone = Form.useWatch('timeZone', form);
  const startTime = Form.useWatch('startTime', form);
  const endTime = Form.useWatch('endTime', form);
  const skipNonWorkDays = Form.useWatch('skipNonWorkDays', form);
  const handler = handlers.data?.find((h) => h.name === beanName);

  /** Required ('cannot be empty') and the field's zod rule. */
  const rules = (schema?: ZodType, required = true, extra?: (value: unknown) => string | null): Rule[] => [
    {
      validator: async (_r, value: unknown) => {
        const empty =
          value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
        if (empty) {
          if (required) throw new Error(tk('required'));
          return;
        }
        if (schema) {
          const msg = validateValue(schema, value, tk);
          if (msg) throw new Error(msg);
        }
        const more = extra?.(value);
        if (more) throw new Error(more);
      },
    },
  ];

  const submit = async () => {
    let values: JobFormValues;
    try {
      await form.validateFields();
      values = form.getFieldsValue(true) as JobFormValues;
    } catch (err) {
      // The kit's behaviour: the first error scrolled into view and focused.
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    const body = valuesToBody(values, job ? job.status : 0);
    setBusy(true);
    try {
      await confirmed({
        prompt: t(job ? 'confirm.edit' : 'confirm.add', { name: body.jobName }),
        done: t(job ? 'done.edit' : 'done.add'),
        run: async () => {
          try {
            const saved = job ? await jobApi.update(job.id, { ...body, version: job.version }) : await jobApi.create(body);
            onSaved(saved);
            onClose();
          } catch (err) {
            if (applyFieldErrors(form, err)) focusFirstError(form);
            throw err;
          }
        },
      });
    } finally {
      setBusy(false);
    }
  };

  const half = (node: ReactNode, key: string) => (
    <Col xs={24} md={12} key={key}>
      {node}
    </Col>
  );

  return (
    <EditorModal
      open={open}
      title={job ? tk('editTitle', { name: t('job') }) : tk('addTitle', { name: t('job') })}
      busy={busy}
      testId="job-form"
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
      onOk={() => void submit()}
    >
      <Form form={form} name="job-form" layout="vertical" autoComplete="off" data-testid="job-form" data-mode={mode}>
        <Divider titlePlacement="start" plain style={{ marginTop: 0 }}>
          {t('section.basic')}
        </Divider>
        <GridRow gutter={16}>
          {half(
            <Form.Item name="jobName" label={t('field.jobName')} required rules={rules(jobRules.jobName)}>
              <Input allowClear maxLength={64} placeholder={t('placeholder.search', { label: t('field.jobName') })} />
            </Form.Item>,
            'jobName',
          )}
          {half(
            <Form.Item name="jobGroup" label={t('field.jobGroup')} required rules={rules(jobRules.jobGroup)}>
              <Input allowClear maxLength={64} />
            </Form.Item>,
            'jobGroup',
          )}
          {half(
            <Form.Item name="jobType" label={t('field.jobType')} required rules={rules(jobRules.jobType)}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'bean', label: t('jobType.bean') },
                  { value: 'http', label: t('jobType.http') },
                ]}
              />
            </Form.Item>,
            'jobType',
          )}
          {half(
            <Form.Item name="architecture" label={t('field.architecture')}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'monolithic', label: t('architecture.monolithic') },
                  { value: 'distributed', label: t('architecture.distributed') },
                ]}
              />
            </Form.Item>,
            'architecture',
          )}
          {jobType === 'http' ? (
            <>
              {half(
                <Form.Item name="executorIp" label={t('field.executorIp')} required rules={rules(jobRules.executorIp)}>
                  <Input allowClear placeholder="127.0.0.1" />
                </Form.Item>,
                'executorIp',
              )}
              {half(
                <Form.Item name="executorHost" label={t('field.executorHost')} required rules={rules(jobRules.executorHost)}>
                  <IntegerInput placeholder="8080" />
                </Form.Item>,
                'executorHost',
              )}
              {half(
                <Form.Item name="executorPath" label={t('field.executorPath')} required rules={rules(jobRules.executorPath)}>
                  <Input allowClear placeholder="/api/job/callback" />
                </Form.Item>,
                'executorPath',
              )}
              {half(
                <Form.Item name="httpMethod" label={t('field.httpMethod')}>
                  <Radio.Group optionType="button" options={['POST', 'GET'].map((m) => ({ value: m, label: m }))} />
                </Form.Item>,
                'httpMethod',
              )}
              {half(
                <Form.Item name="recordAnswer" label={t('field.recordAnswer')} valuePropName="checked" extra={t('hint.recordAnswer')}>
                  <Switch />
                </Form.Item>,
                'recordAnswer',
              )}
            </>
          ) : (
            <Col span={24}>
              <Form.Item
                name="beanName"
                label={t('field.beanName')}
                required
                rules={rules(jobRules.beanName)}
                extra={
                  handler
                    ? `${handler.description}${handler.paramsExample ? ` · ${t('hint.handlerParams', { example: JSON.stringify(handler.paramsExample) })}` : ''}`
                    : undefined
                }
              >
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  loading={handlers.isLoading}
                  placeholder={t('field.beanName')}
                  options={(handlers.data ?? []).map((h) => ({ value: h.name, label: `${h.name} — ${h.description || t('hint.noHandlerDescription')}` }))}
                  onChange={(name: string) => {
                    const h = handlers.data?.find((x) => x.name === name);
                    const rows = (form.getFieldValue('executeData') as ParamRow[] | undefined) ?? [];
                    if (h?.paramsExample && !rows.length) form.setFieldValue('executeData', paramsToRows(h.paramsExample));
                  }}
                />
              </Form.Item>
            </Col>
          )}
          <Col span={24}>
            <Form.Item name="description" label={t('field.description')} rules={rules(jobRules.description, false)}>
              <Input.TextArea rows={2} maxLength={500} showCount />
            </Form.Item>
          </Col>
        </GridRow>

        <Divider titlePlacement="start" plain>
          {t('section.schedule')}
        </Divider>
        <GridRow gutter={16}>
          {half(
            <Form.Item name="triggerType" label={t('field.triggerType')} required rules={rules(jobRules.triggerType)}>
              <Radio.Group
                optionType="button"
                options={[
                  { value: 'cron', label: t('triggerType.cron') },
                  { value: 'interval', label: t('triggerType.interval') },
                ]}
              />
            </Form.Item>,
            'triggerType',
          )}
          {half(
            <Form.Item name="periodic" label={t('field.periodic')} valuePropName="checked" extra={t('hint.periodic')}>
              <Switch
                data-testid="job-periodic"
                onChange={(on) => {
                  form.setFieldValue('repeatCount', on ? -1 : 0);
                  void form.validateFields(['repeatCount']).catch(() => undefined);
                }}
              />
            </Form.Item>,
            'periodic',
          )}
          {half(
            <Form.Item name="repeatCount" label={t('field.repeatCount')} required rules={rules(jobRules.repeatCount)} extra={t('hint.repeatCount')}>
              <IntegerInput negative disabled={periodic === false} maxLength={8} />
            </Form.Item>,
            'repeatCount',
          )}
          {triggerType === 'interval'
            ? half(
                <Form.Item
                  name="intervalInSeconds"
                  label={t('field.intervalInSeconds')}
                  required
                  rules={rules(jobRules.intervalInSeconds)}
                  extra={t('hint.interval')}
                >
                  <IntegerInput maxLength={10} />
                </Form.Item>,
                'intervalInSeconds',
              )
            : null}
          {half(
            <Form.Item
              name="startTime"
              label={t('field.startTime')}
              required
              dependencies={['endTime']}
              extra={t('hint.window')}
              rules={rules(undefined, true, (v) => (windowProblem(v, form.getFieldValue('endTime')) ? t('window.startAfterEnd') : null))}
            >
              <DateTimeInput />
            </Form.Item>,
            'startTime',
          )}
          {half(
            <Form.Item
              name="endTime"
              label={t('field.endTime')}
              required
              dependencies={['startTime']}
              rules={rules(undefined, true, (v) => (windowProblem(form.getFieldValue('startTime'), v) ? t('window.endBeforeStart') : null))}
            >
              <DateTimeInput />
            </Form.Item>,
            'endTime',
          )}
          {half(
            <Form.Item name="timeZone" label={t('field.timeZone')} extra={t('hint.timeZone')}>
              <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={zones} placeholder={t('placeholder.timeZone')} />
            </Form.Item>,
            'timeZone',
          )}
          {half(
            <Form.Item name="skipNonWorkDays" label={t('field.skipNonWorkDays')} valuePropName="checked">
              <Switch />
            </Form.Item>,
            'skipNonWorkDays',
          )}
          {triggerType === 'cron' ? (
            <Col span={24}>
              <Form.Item name="cronExpr" label={t('field.cronExpr')} required rules={rules(jobRules.cronExpr, true, (v) => localProblem(String(v), t))}>
                <CronEditor
                  inlineProblem={false}
                  timeZone={timeZone}
                  startTime={toInstant(startTime)}
                  endTime={toInstant(endTime)}
                  skipNonWorkDays={skipNonWorkDays}
                />
              </Form.Item>
            </Col>
          ) : null}
        </GridRow>

        <Divider titlePlacement="start" plain>
          {t('section.execution')}
        </Divider>
        <GridRow gutter={16}>
          {half(
            <Form.Item name="misfirePolicy" label={t('field.misfirePolicy')}>
              <Select
                options={[
                  { value: 'fireOnce', label: t('misfire.fireOnce') },
                  { value: 'skip', label: t('misfire.skip') },
                ]}
              />
            </Form.Item>,
            'misfirePolicy',
          )}
          {half(
            <Form.Item name="blockingStrategy" label={t('field.blockingStrategy')}>
              <Select
                options={[
                  { value: 'serial', label: t('blocking.serial') },
                  { value: 'discard', label: t('blocking.discard') },
                  { value: 'cover', label: t('blocking.cover') },
                ]}
              />
            </Form.Item>,
            'blockingStrategy',
          )}
          {half(
            <Form.Item name="timeoutSeconds" label={t('field.timeoutSeconds')} rules={rules(jobRules.timeoutSeconds, false)} extra={t('hint.timeout')}>
              <IntegerInput maxLength={5} />
            </Form.Item>,
            'timeoutSeconds',
          )}
          {half(
            <Form.Item name="alarmOnFailure" label={t('field.alarmOnFailure')} valuePropName="checked">
              <Switch />
            </Form.Item>,
            'alarmOnFailure',
          )}
          {half(
            <Form.Item name="retryCount" label={t('field.retryCount')} rules={rules(jobRules.retryCount, false)}>
              <IntegerInput maxLength={2} />
            </Form.Item>,
            'retryCount',
          )}
          {half(
            <Form.Item name="retryDelaySeconds" label={t('field.retryDelaySeconds')} rules={rules(jobRules.retryDelaySeconds, false)}>
              <IntegerInput maxLength={4} />
            </Form.Item>,
            'retryDelaySeconds',
          )}
        </GridRow>

        <Divider titlePlacement="start" plain>
          {t('section.params')}
        </Divider>
        <Form.Item
          name="executeData"
          label={t('field.executeData')}
          required={jobType === 'http'}
          dependencies={['jobType']}
          rules={[
            {
              validator: async (_r, rows: ParamRow[] | undefined) => {
                const list = rows ?? [];
                if (!list.length) {
                  if (form.getFieldValue('jobType') === 'http') throw new Error(tk('required'));
                  return;
                }
                const p = rowProblems(list)[0];
                if (p) throw new Error(t(p.key));
              },
            },
          ]}
        >
          <ParamTable example={handler?.paramsExample ? () => form.setFieldValue('executeData', paramsToRows(handler.paramsExample)) : undefined} />
        </Form.Item>
        <button type="submit" hidden />
      </Form>
    </EditorModal>
  );
}
