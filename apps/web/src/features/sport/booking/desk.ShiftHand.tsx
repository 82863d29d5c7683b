import { useState } from 'react';
import { Descriptions, Form, Input, Typography } from 'antd';
import { shiftHand, type ShiftRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { FormModal, NumberInput, errorFieldsOf, focusFirstError, useKitT, validateValue } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { toFen, yuan } from '../../../kit/pay/index.ts';
import { deskApi, refreshDesk } from './desk.api.ts';
import { useDeskT } from './desk.shared.tsx';

/** Cash counted against cash expected: over, short or even. */
export function Difference({ shift }: { shift: Pick<ShiftRow, 'handedFen' | 'cashFen'> }) {
  const t = useDeskT();
  if (shift.handedFen === null) return null;
  const d = shift.handedFen - shift.cashFen;
  if (d === 0) return <Typography.Text type="success">{t('shift.even')}</Typography.Text>;
  return (
    <Typography.Text type={d > 0 ? 'warning' : 'danger'} data-testid="shift-difference" data-fen={d}>
      {t(d > 0 ? 'shift.over' : 'shift.short', { amount: yuan(Math.abs(d)) })}
    </Typography.Text>
  );
}

interface HandValues {
  counted?: number | string | null;
  remark?: string;
}

/** workBench "settlement": the operator counts the cash and hands the shift over; its takings are then frozen. */
export function ShiftHand({ shift, onClose, onHanded }: { shift: ShiftRow | null; onClose: () => void; onHanded: (row: ShiftRow) => void }) {
  return shift ? <HandForm key={shift.id} shift={shift} onClose={onClose} onHanded={onHanded} /> : null;
}

function HandForm({ shift, onClose, onHanded }: { shift: ShiftRow; onClose: () => void; onHanded: (row: ShiftRow) => void }) {
  const t = useDeskT();
  const tk = useKitT();
  const [form] = Form.useForm<HandValues>();
  const counted = Form.useWatch('counted', form);
  const [busy, setBusy] = useState(false);
  const countedFen = toFen(counted);

  const save = async () => {
    let v: HandValues;
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      const row = await deskApi.shiftHand(shift.id, { handedFen: toFen(v.counted) ?? 0, remark: v.remark?.trim() || undefined, version: shift.version });
      success(t('shift.handed', { amount: yuan(row.handedFen ?? 0) }));
      onHanded(row);
    } catch (err) {
      await reactToSaveError(form, err, { reload: () => refreshDesk().then(onClose) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal open title={t('shift.handTitle')} testId="shift-hand-form" busy={busy} width={520} onOk={() => void save()} onClose={onClose} isDirty={() => form.isFieldsTouched()}>
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
        <Descriptions.Item label={t('shift.operator')}>{shift.userName}</Descriptions.Item>
        <Descriptions.Item label={t('shift.total')}>{yuan(shift.totalFen)}</Descriptions.Item>
        <Descriptions.Item label={t('shift.expected')}>
          <span data-testid="shift-hand-expected" data-fen={shift.cashFen}>
            {yuan(shift.cashFen)}
          </span>
        </Descriptions.Item>
        <Descriptions.Item label={t('shift.difference')}>{countedFen === undefined ? '' : <Difference shift={{ handedFen: countedFen, cashFen: shift.cashFen }} />}</Descriptions.Item>
      </Descriptions>
      <Form<HandValues> form={form} name="shift-hand-form" layout="vertical" initialValues={{ counted: shift.cashFen / 100 }}>
        <Form.Item
          name="counted"
          label={t('shift.counted')}
          rules={[
            {
              validator: async (_r, v: unknown) => {
                const msg = validateValue(shiftHand.shape.handedFen, toFen(v), tk);
                if (msg) throw new Error(msg);
              },
            },
          ]}
        >
          <NumberInput decimals={2} prefix="¥" autoFocus />
        </Form.Item>
        <Form.Item name="remark" label={t('shift.remark')} rules={[{ max: 200 }]}>
          <Input.TextArea rows={2} maxLength={200} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
