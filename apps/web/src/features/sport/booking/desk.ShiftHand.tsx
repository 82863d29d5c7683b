import { useState } from 'react';
import { Descriptions, Form, Input, Typography } from 'antd';
import { shiftCount, type ShiftRow } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { FormModal, NumberInput, errorFieldsOf, focusFirstError, useKitT, validateValue } from '../../../kit/index.ts';
import { reactToSaveError } from '../../../kit/form.ts';
import { toFen, yuan } from '../../../kit/pay/index.ts';
import { deskApi, refreshDesk } from './desk.api.ts';
import { useDeskT } from './desk.shared.tsx';

/** Cash counted against cash expected: over, short or even (nothing before the count is recorded). */
export function Difference({ shift }: { shift: Pick<ShiftRow, 'handedFen' | 'cashFen'> }) {
  const t = useDeskT();
  if (shift.handedFen === null || shift.cashFen === null) return null;
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

/**
 * workBench "settlement", a blind count: the operator counts the cash and records it (the form is
 * empty and the cash expected is not shown); only then the expected cash and the difference show,
 * and the shift is handed over, with a note when over or short.
 */
export function ShiftHand({ shift, onClose, onHanded }: { shift: ShiftRow | null; onClose: () => void; onHanded: (row: ShiftRow) => void }) {
  return shift ? <HandForm key={shift.id} shift={shift} onClose={onClose} onHanded={onHanded} /> : null;
}

function HandForm({ shift, onClose, onHanded }: { shift: ShiftRow; onClose: () => void; onHanded: (row: ShiftRow) => void }) {
  const t = useDeskT();
  const tk = useKitT();
  const [form] = Form.useForm<HandValues>();
  const [row, setRow] = useState(shift);
  const [busy, setBusy] = useState(false);
  const counting = row.state === 'open';
  const differs = row.handedFen !== null && row.cashFen !== null && row.handedFen !== row.cashFen;

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
      if (counting) {
        // Recorded once; the answer shows what was expected.
        setRow(await deskApi.shiftCount(row.id, { countedFen: toFen(v.counted) ?? 0, version: row.version }));
        void refreshDesk();
      } else {
        const handed = await deskApi.shiftHand(row.id, { remark: v.remark?.trim() || undefined, version: row.version });
        success(t('shift.handed', { amount: yuan(handed.handedFen ?? 0) }));
        onHanded(handed);
      }
    } catch (err) {
      await reactToSaveError(form, err, { reload: () => refreshDesk().then(onClose) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <FormModal
      open
      title={t('shift.handTitle')}
      testId="shift-hand-form"
      busy={busy}
      width={520}
      okText={counting ? t('shift.recordCount') : t('shift.hand')}
      onOk={() => void save()}
      onClose={onClose}
      isDirty={() => form.isFieldsTouched()}
    >
      <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }} data-testid="shift-hand-summary" data-state={row.state}>
        <Descriptions.Item label={t('shift.operator')}>{row.userName}</Descriptions.Item>
        {counting ? null : (
          <>
            <Descriptions.Item label={t('shift.total')}>{yuan(row.totalFen ?? 0)}</Descriptions.Item>
            <Descriptions.Item label={t('shift.expected')}>
              <span data-testid="shift-hand-expected" data-fen={row.cashFen}>
                {yuan(row.cashFen ?? 0)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('shift.counted')}>
              <span data-testid="shift-hand-counted" data-fen={row.handedFen}>
                {yuan(row.handedFen ?? 0)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label={t('shift.difference')}>
              <Difference shift={row} />
            </Descriptions.Item>
          </>
        )}
      </Descriptions>
      <Form<HandValues> form={form} name="shift-hand-form" layout="vertical">
        {counting ? (
          <>
            <Typography.Paragraph type="secondary">{t('shift.countHint')}</Typography.Paragraph>
            <Form.Item
              name="counted"
              label={t('shift.counted')}
              rules={[
                {
                  validator: async (_r, v: unknown) => {
                    const msg = validateValue(shiftCount.shape.countedFen, toFen(v), tk);
                    if (msg) throw new Error(msg);
                  },
                },
              ]}
            >
              <NumberInput decimals={2} prefix="¥" autoFocus />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="remark" label={t('shift.remark')} rules={[{ required: differs, whitespace: true, message: t('shift.noteNeeded') }, { max: 200 }]}>
            <Input.TextArea rows={2} maxLength={200} autoFocus />
          </Form.Item>
        )}
      </Form>
    </FormModal>
  );
}
