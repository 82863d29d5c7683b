import { useLayoutEffect, useState } from 'react';
import { Alert, DatePicker, Form, Input, Modal, Radio, Select } from 'antd';
import { success } from '../../../../app/feedback.tsx';
import type { ButtonProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { Dayjs } from 'dayjs';
import { MemberSelect, hhmmIn, useVenueTimeZone, venueToday } from '../../../../kit/index.ts';
import { fieldErrorsOf, reactToSaveError } from '../../../../kit/form.ts';
import { isApiError } from '../../../../app/request.ts';
import { attendanceApi, useAttendanceT } from './shared.tsx';

type Way = 'memberNo' | 'qr' | 'cardNo' | 'memberId';
const WAY_FIELDS = new Set<string>(['memberNo', 'qr', 'cardNo', 'memberId']);
interface Values {
  day: Dayjs;
  lessonId?: number;
  way: Way;
  value?: string;
  memberId?: number | null;
  late?: boolean;
}

/** The desk's check-in: a lesson of a day, then the member by number, QR code text, card number or picked (never a face). */
export function CheckInDialog({ open, onClose, onDone, lessonId }: { open: boolean; onClose: () => void; onDone: () => void; lessonId?: number }) {
  const t = useAttendanceT();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const timeZone = useVenueTimeZone();
  const day = Form.useWatch('day', form) as Dayjs | undefined;
  const way = (Form.useWatch('way', form) as Way | undefined) ?? 'memberNo';
  const dayText = (day ?? venueToday(timeZone)).format('YYYY-MM-DD');
  const lessons = useQuery({ queryKey: ['course', 'attendance', 'lessons', dayText], queryFn: () => attendanceApi.lessons(dayText), enabled: open });
  useLayoutEffect(() => {
    if (open) form.setFieldsValue({ day: venueToday(timeZone), way: 'memberNo', value: '', memberId: null, lessonId, late: false });
  }, [open, form, lessonId, timeZone]);
  const submit = async () => {
    const v = await form.validateFields();
    setBusy(true);
    try {
      const body = {
        lessonId: v.lessonId!,
        late: !!v.late,
        ...(v.way === 'memberId' ? { memberId: Number(v.memberId) } : { [v.way]: (v.value ?? '').trim() }),
      };
      const row = await attendanceApi.checkIn(body);
      success(t('checkedIn', { name: row.memberName }));
      form.setFieldsValue({ value: '', memberId: null });
      onDone();
    } catch (err) {
      // The member is named by one visible field: a refusal the server puts on any way of naming them shows there.
      const onMember = fieldErrorsOf(err).filter((e) => WAY_FIELDS.has(e.field));
      if (onMember.length && isApiError(err)) {
        form.setFields([{ name: v.way === 'memberId' ? 'memberId' : 'value', errors: onMember.map((e) => e.message) }]);
        err.showInPlace();
      } else await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      title={t('checkInTitle')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={t('checkIn')}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': 'courseAttendance-checkIn-ok' } as ButtonProps}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="courseAttendance-checkIn" onFinish={() => void submit()}>
        <Form.Item name="day" label={t('field.day')}>
          <DatePicker allowClear={false} style={{ width: '100%' }} onChange={() => form.setFieldValue('lessonId', undefined)} />
        </Form.Item>
        <Form.Item name="lessonId" label={t('field.lesson')} rules={[{ required: true, message: t('pickLesson') }]}>
          <Select
            data-testid="courseAttendance-checkIn-lesson"
            loading={lessons.isFetching}
            notFoundContent={t('noLessons')}
            options={(lessons.data ?? []).map((l) => ({
              value: l.id,
              label: `${hhmmIn(l.startsAt, timeZone)} ${l.courseName} · ${l.className}${l.coachName ? ` · ${l.coachName}` : ''}`,
            }))}
          />
        </Form.Item>
        <Form.Item name="way" label={t('field.way')}>
          <Radio.Group
            optionType="button"
            data-testid="courseAttendance-checkIn-way"
            options={(['memberNo', 'qr', 'cardNo', 'memberId'] as const).map((w) => ({ value: w, label: t.dynamic('way', w) }))}
          />
        </Form.Item>
        {way === 'memberId' ? (
          <Form.Item name="memberId" label={t('field.member')} rules={[{ required: true, message: t('field.member') }]}>
            <MemberSelect testId="courseAttendance-checkIn-member" />
          </Form.Item>
        ) : (
          <Form.Item name="value" label={t.dynamic('way', way)} rules={[{ required: true, whitespace: true, message: t('field.value') }]}>
            <Input autoFocus maxLength={64} data-testid="courseAttendance-checkIn-value" placeholder={t('field.value')} />
          </Form.Item>
        )}
        <Form.Item name="late" style={{ marginBottom: 8 }}>
          <Radio.Group
            options={[
              { value: false, label: t('state.present') },
              { value: true, label: t('state.late') },
            ]}
          />
        </Form.Item>
        <Alert type="info" showIcon title={t('nonFaceHint')} />
        <button type="submit" hidden />
      </Form>
    </Modal>
  );
}
