import { useNavigate } from 'react-router';
import { Button, Descriptions, Form, Input, Modal, Timeline, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { REG_KIT_STEPS, type RegEntryDetail, type RegEntryRow, type RegKitAction } from '@venue/contract';
import { confirm, success } from '../../../app/feedback.tsx';
import { http } from '../../../app/request.ts';
import { clockIn } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { yuan } from '../../../kit/pay/index.ts';
import { SessionPicker } from './EntryDialogs.tsx';
import { refreshEntries, regUrl, useRegistrationT, type RegistrationT } from './shared.tsx';

/** An entry with its order, admission and kit log. */
export function DetailDialog({ row, onClose }: { row: RegEntryRow | null; onClose: () => void }) {
  const t = useRegistrationT();
  const navigate = useNavigate();
  const d = useQuery({
    queryKey: ['registration', 'entry', row?.id, row?.version],
    enabled: !!row,
    queryFn: () => http.get<RegEntryDetail>(regUrl(`entry/${row!.id}`)),
  }).data;
  if (!row) return null;
  return (
    <Modal open title={t('action.detail')} onCancel={onClose} footer={null} width={640} destroyOnHidden>
      <div data-testid="reg-detail">
        <Descriptions size="small" column={2} bordered>
          <Descriptions.Item label={t('field.eventName')}>{row.eventName}</Descriptions.Item>
          <Descriptions.Item label={t('field.session')}>{`${clockIn(row.startTime)} · ${row.place}`}</Descriptions.Item>
          <Descriptions.Item label={t('field.memberName')}>{`${row.memberName} (${row.memberNo})`}</Descriptions.Item>
          <Descriptions.Item label={t('field.state')}>{t(`entryState.${row.state}`)}</Descriptions.Item>
          <Descriptions.Item label={t('field.orderNo')}>
            <Button type="link" size="small" onClick={() => navigate(`/sport/views/orderManagement/orderDetail/${row.orderId}`)}>
              {row.orderNo}
            </Button>
          </Descriptions.Item>
          <Descriptions.Item label={t('field.priceFen')}>
            {d ? t('dialog.paid', { paid: yuan(d.paidFen), payable: yuan(d.payableFen) }) : yuan(row.priceFen)}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.admittedTime')}>
            {row.admittedTime ? `${clockIn(row.admittedTime)} · ${row.admittedByName ?? ''}` : '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('field.year')}>{row.year}</Descriptions.Item>
          <Descriptions.Item label={t('field.description')} span={2}>
            {row.description ?? '—'}
          </Descriptions.Item>
        </Descriptions>
        <Typography.Title level={5} style={{ marginTop: 16 }}>
          {t('dialog.kitLog')}
        </Typography.Title>
        <Timeline
          items={(d?.kitLog ?? []).map((l) => ({
            content: `${clockIn(l.time)} · ${t(`kitAction.${l.action}`)} · ${l.bibNo ?? ''} · ${l.operatorName ?? ''}${l.remark ? ` · ${l.remark}` : ''}`,
          }))}
        />
      </div>
    </Modal>
  );
}

const nextKitAction = (row: RegEntryRow): RegKitAction | undefined =>
  (Object.keys(REG_KIT_STEPS) as RegKitAction[]).find((a) => REG_KIT_STEPS[a].from === row.kitState);

/** The entry's next kit step (pick-up with its bib number, hand-over, back, return). */
export function KitDialog({ row, onClose }: { row: RegEntryRow | null; onClose: () => void }) {
  const t = useRegistrationT();
  const [form] = Form.useForm<{ bibNo?: string; remark?: string }>();
  const action = row ? nextKitAction(row) : undefined;
  const { busy, submit } = useFormSubmit(form, async (v) => {
    await http.post(regUrl(`entry/${row!.id}/kit`), { action, bibNo: v.bibNo?.trim() || undefined, remark: v.remark || undefined, version: row!.version });
    success(t(`kitAction.${action!}`));
    refreshEntries();
    onClose();
  });
  if (!row) return null;
  return (
    <Modal
      open
      title={t('action.kit')}
      onCancel={onClose}
      onOk={() => void submit()}
      okText={action ? t(`kitAction.${action}`) : undefined}
      okButtonProps={{ loading: busy, disabled: !action, 'data-testid': 'reg-kit-ok' } as React.ComponentProps<typeof Button>}
      destroyOnHidden
    >
      <div data-testid="reg-kit">
        <Typography.Paragraph strong>
          {t(`kitState.${row.kitState}`)} {row.bibNo ? `· ${row.bibNo}` : ''}
        </Typography.Paragraph>
        <Typography.Paragraph>{action ? t('dialog.kitNext', { action: t(`kitAction.${action}`) }) : t('dialog.kitDone')}</Typography.Paragraph>
        <Form form={form} layout="vertical" name="reg-kit" requiredMark={false}>
          {action === 'pickUp' ? (
            <Form.Item name="bibNo" label={t('field.bibNo')} rules={[{ required: true, whitespace: true }]}>
              <Input maxLength={16} data-testid="reg-kit-bib" />
            </Form.Item>
          ) : null}
          <Form.Item name="remark" label={t('field.remark')}>
            <Input maxLength={200} />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}

/** Scene change: the entry moves to another session of its event. */
export function MoveDialog({ row, onClose }: { row: RegEntryRow | null; onClose: () => void }) {
  const t = useRegistrationT();
  const [form] = Form.useForm<{ sessionId: number }>();
  const { busy, submit } = useFormSubmit(form, async (v) => {
    await http.post(regUrl(`entry/${row!.id}/move`), { sessionId: v.sessionId, version: row!.version });
    success(t('dialog.moved'));
    refreshEntries();
    onClose();
  });
  if (!row) return null;
  return (
    <Modal
      open
      title={t('action.move')}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: busy, 'data-testid': 'reg-move-ok' } as React.ComponentProps<typeof Button>}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" name="reg-move" requiredMark={false}>
        <Form.Item name="sessionId" label={t('field.session')} rules={[{ required: true }]}>
          <SessionPicker testId="reg-move-session" eventId={row.eventId} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The entry's description, as the desk writes it. */
export function DescribeDialog({ row, onClose }: { row: RegEntryRow | null; onClose: () => void }) {
  const t = useRegistrationT();
  const [form] = Form.useForm<{ description?: string }>();
  const { busy, submit } = useFormSubmit(form, async (v) => {
    await http.post(regUrl(`entry/${row!.id}/description`), { description: v.description || null, version: row!.version });
    success(t('dialog.saved'));
    refreshEntries();
    onClose();
  });
  if (!row) return null;
  return (
    <Modal open title={t('action.describe')} onCancel={onClose} onOk={() => void submit()} okButtonProps={{ loading: busy }} destroyOnHidden>
      <Form form={form} layout="vertical" name="reg-describe" initialValues={{ description: row.description ?? '' }}>
        <Form.Item name="description" label={t('field.description')}>
          <Input.TextArea rows={3} maxLength={200} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Cancels an entry once the operator confirms. */
export async function cancelEntry(t: RegistrationT, row: RegEntryRow) {
  if (!(await confirm({ content: t('dialog.cancelConfirm'), danger: true }))) return;
  await http.post(regUrl(`entry/${row.id}/cancel`), { version: row.version });
  success(t('dialog.cancelled'));
  refreshEntries();
}
