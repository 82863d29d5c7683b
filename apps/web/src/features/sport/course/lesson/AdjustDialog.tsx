import { useLayoutEffect, useState } from 'react';
import { Alert, DatePicker, Form, InputNumber, Modal, Radio, Select } from 'antd';
import type { Dayjs } from 'dayjs';
import type { LessonAdjust, LessonItem } from '@venue/contract';
import { http } from '../../../../app/request.ts';
import { reactToSaveError } from '../../../../kit/form.ts';
import { useCoachOptions } from '../shared.tsx';
import { lessonUrl, useLessonT, useSiteOptions } from './shared.ts';

interface Values {
  mode: 'none' | 'shift' | 'start';
  shiftMinutes?: number;
  startsAt?: Dayjs;
  siteId?: number | 'keep' | 'none';
  coachId?: number | 'keep';
}

/** Batch adjustment: the selected lessons' time (shift or new start), site or coach, all at once or none. */
export function AdjustDialog({ lessons, onClose, onDone }: { lessons: LessonItem[] | null; onClose: () => void; onDone: (n: number) => void }) {
  const t = useLessonT();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const sites = useSiteOptions();
  const coaches = useCoachOptions();
  const mode = Form.useWatch('mode', form);
  useLayoutEffect(() => {
    if (lessons) {
      form.resetFields();
      setError(null);
    }
  }, [lessons, form]);
  const submit = async () => {
    const v = await form.validateFields();
    const body: Partial<LessonAdjust> & { lessons: { id: number; version: number }[] } = {
      lessons: (lessons ?? []).map((l) => ({ id: l.id, version: l.version })),
    };
    if (v.mode === 'shift') body.shiftMinutes = v.shiftMinutes;
    if (v.mode === 'start') body.startsAt = v.startsAt!.toDate();
    if (v.siteId !== 'keep' && v.siteId !== undefined) body.siteId = v.siteId === 'none' ? null : v.siteId;
    if (v.coachId !== 'keep' && v.coachId !== undefined) body.coachId = v.coachId;
    setBusy(true);
    setError(null);
    try {
      await http.post(lessonUrl('adjust'), { ...body, startsAt: body.startsAt?.toISOString() });
      onDone(body.lessons.length);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={lessons !== null}
      title={t('adjust.title', { n: lessons?.length ?? 0 })}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={busy}
      okButtonProps={{ id: 'lesson-adjust-ok' }}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={t('adjust.hint')} style={{ marginBottom: 12 }} />
      {error && <Alert type="error" showIcon message={error} style={{ marginBottom: 12 }} data-testid="lesson-adjust-error" />}
      <Form form={form} layout="vertical" name="lessonAdjust" initialValues={{ mode: 'shift', shiftMinutes: 30, siteId: 'keep', coachId: 'keep' }}>
        <Form.Item name="mode" label={t('field.mode')}>
          <Radio.Group
            options={[
              { value: 'none', label: t('mode.none') },
              { value: 'shift', label: t('mode.shift') },
              { value: 'start', label: t('mode.start') },
            ]}
          />
        </Form.Item>
        {mode === 'shift' && (
          <Form.Item name="shiftMinutes" label={t('field.shiftMinutes')} rules={[{ required: true }]}>
            <InputNumber step={15} min={-10080} max={10080} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        )}
        {mode === 'start' && (
          <Form.Item name="startsAt" label={t('field.startsAt')} rules={[{ required: true }]}>
            <DatePicker showTime={{ format: 'HH:mm', minuteStep: 5 }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        )}
        <Form.Item name="siteId" label={t('field.newSite')}>
          <Select
            options={[
              { value: 'keep', label: t('adjust.keepSite') },
              { value: 'none', label: t('adjust.noSite') },
              ...sites.map((s) => ({ value: s.value, label: String(s.label) })),
            ]}
          />
        </Form.Item>
        <Form.Item name="coachId" label={t('field.newCoach')}>
          <Select
            showSearch
            optionFilterProp="label"
            options={[{ value: 'keep', label: t('adjust.keepCoach') }, ...coaches.map((c) => ({ value: c.value, label: String(c.label) }))]}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
