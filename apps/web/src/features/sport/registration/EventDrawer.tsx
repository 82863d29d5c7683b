import { Alert, Button, DatePicker, Drawer, Form, Input, InputNumber, Select, Space, Typography } from 'antd';
import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Dayjs } from 'dayjs';
import { REG_EVENT_TYPES, type RegEventType } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { http } from '../../../app/request.ts';
import { useSession } from '../../../app/session.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { toFen } from '../../../kit/pay/index.ts';
import { regUrl, useRegistrationT } from './shared.tsx';

interface EventValues {
  name: string;
  eventType: RegEventType;
  priceYuan?: number;
  description?: string;
  sessions: { start?: Dayjs; end?: Dayjs; place?: string; capacity?: number }[];
}

/** A new event of the current venue with its sessions (time, place, capacity). */
export function EventDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useRegistrationT();
  const stadiumId = useSession((s) => s.stadiumId);
  const [form] = Form.useForm<EventValues>();
  const { busy, submit } = useFormSubmit(form, async (v) => {
    await http.post(regUrl('event'), {
      stadiumId,
      name: v.name,
      eventType: v.eventType,
      priceFen: toFen(v.priceYuan) ?? 0,
      description: v.description || undefined,
      sessions: v.sessions.map((s) => ({ startTime: s.start?.toISOString(), endTime: s.end?.toISOString(), place: s.place, capacity: s.capacity })),
    });
    success(t('dialog.eventMade'));
    form.resetFields();
    onClose();
  });
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('action.newEvent')}
      size={560}
      destroyOnHidden
      extra={
        <Button type="primary" loading={busy} disabled={!stadiumId} onClick={() => void submit()} data-testid="reg-event-ok">
          {t('action.newEvent')}
        </Button>
      }
    >
      {stadiumId ? null : <Alert type="warning" showIcon title={t('dialog.noVenue')} style={{ marginBottom: 12 }} />}
      <Form
        form={form}
        layout="vertical"
        name="reg-event"
        requiredMark={false}
        initialValues={{ eventType: 'tournament', priceYuan: 0, sessions: [{ capacity: 20 }] }}
      >
        <Form.Item name="name" label={t('field.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="eventType" label={t('field.eventType')}>
          <Select options={REG_EVENT_TYPES.map((v) => ({ value: v, label: t(`eventType.${v}`) }))} />
        </Form.Item>
        <Form.Item name="priceYuan" label={t('field.price')}>
          <InputNumber min={0} precision={2} prefix="¥" style={{ width: 180 }} />
        </Form.Item>
        <Form.Item name="description" label={t('field.description')}>
          <Input.TextArea rows={2} maxLength={500} />
        </Form.Item>
        <Typography.Text strong>{t('dialog.sessions')}</Typography.Text>
        <Form.List name="sessions">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f) => (
                <Space key={f.key} align="baseline" wrap>
                  <Form.Item name={[f.name, 'start']} rules={[{ required: true }]}>
                    <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={t('field.startTime')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'end']} rules={[{ required: true }]}>
                    <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" placeholder={t('field.endTime')} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'place']} rules={[{ required: true, whitespace: true }]}>
                    <Input placeholder={t('field.place')} maxLength={40} style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'capacity']} rules={[{ required: true }]}>
                    <InputNumber min={1} max={10_000} placeholder={t('field.capacity')} style={{ width: 90 }} />
                  </Form.Item>
                  {fields.length > 1 ? <MinusCircleOutlined onClick={() => remove(f.name)} aria-label="remove" /> : null}
                </Space>
              ))}
              <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ capacity: 20 })} block>
                {t('dialog.addSession')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
