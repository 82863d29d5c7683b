import { useState } from 'react';
import { Button, Empty, Form, Input, List, Modal, Space, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { QRCodeSVG } from 'qrcode.react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { collectionCreate, reprintCreate, type ReprintAnswer } from '@venue/contract';
import { success } from '../../../../app/feedback.tsx';
import { reactToSaveError } from '../../../../kit/form.ts';
import { FormModal, ReasonDialog, errorFieldsOf, focusFirstError, useFieldRules } from '../../../../kit/index.ts';
import { formatAt, gateApi, useGateT } from './gate.api.ts';
import './gate.css';

/**
 * The ticket list's gate parts: a ticket's signed QR code (what the gate scans), its reprint log,
 * the reprint (a reason, logged, then the print view) and the paper-ticket collection dialog.
 */

/** The signed QR code of a sold or used ticket (Ed25519 over its code, session and seat or level). */
export function SignedTicketQr({ ticketId, state }: { ticketId: number; state: string }) {
  const t = useGateT();
  const enabled = state === 'sold' || state === 'used';
  const q = useQuery({ queryKey: ['ticketGate', 'qr', ticketId], queryFn: () => gateApi.qr(ticketId), enabled, staleTime: Infinity });
  if (!enabled || !q.data) return null;
  return (
    <Space direction="vertical" align="center" style={{ width: '100%', marginTop: 16 }} data-testid="ticket-signed-qr" data-payload={q.data.payload}>
      <Typography.Text strong>{t('reprint.signedQr')}</Typography.Text>
      <div style={{ background: '#fff', padding: 12, borderRadius: 8, lineHeight: 0 }}>
        <QRCodeSVG value={q.data.payload} size={220} level="M" aria-label={q.data.code} />
      </div>
    </Space>
  );
}

/** A ticket's reprints (newest first). */
export function ReprintLog({ ticketId }: { ticketId: number }) {
  const t = useGateT();
  const q = useQuery({ queryKey: ['ticketGate', 'reprints', ticketId], queryFn: () => gateApi.reprints(ticketId) });
  return (
    <div style={{ marginTop: 16 }} data-testid="ticket-reprints">
      <Typography.Text strong>{t('reprint.log')}</Typography.Text>
      {q.data?.data.length ? (
        <List
          size="small"
          dataSource={q.data.data}
          renderItem={(r) => (
            <List.Item data-testid="ticket-reprint-row">
              <Space wrap>
                <span>{formatAt(r.printedAt)}</span>
                <span>{r.printedByName ?? '—'}</span>
                <Typography.Text>{r.reason}</Typography.Text>
              </Space>
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('reprint.none')} />
      )}
    </div>
  );
}

/** The print view of a ticket: what goes on paper, printed with the browser's print dialog. */
export function PrintView({ printed, onClose }: { printed: ReprintAnswer | null; onClose: () => void }) {
  const t = useGateT();
  const tk = printed?.ticket;
  return (
    <Modal
      open={!!printed}
      title={t('reprint.title')}
      onCancel={onClose}
      width={460}
      footer={
        <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="print-ticket">
          {t('reprint.print')}
        </Button>
      }
    >
      {printed && tk ? (
        <div className="ticket-print-area" data-testid="ticket-print" data-payload={printed.payload}>
          <div className="ticket-print-title">{tk.projectName}</div>
          <div className="ticket-print-line">{tk.sessionName}</div>
          <div className="ticket-print-line">
            {t('reprint.startAt')}: {formatAt(printed.startAt).slice(0, 16)}
          </div>
          <div className="ticket-print-line ticket-print-seat">{[tk.seatLabel, tk.levelName].filter(Boolean).join(' · ')}</div>
          {tk.buyerName ? (
            <div className="ticket-print-line">
              {t('reprint.buyer')}: {tk.buyerName}
            </div>
          ) : null}
          <div className="ticket-print-qr">
            <QRCodeSVG value={printed.payload} size={200} level="M" />
          </div>
          <div className="ticket-print-code">{tk.code}</div>
        </div>
      ) : null}
    </Modal>
  );
}

/** Reprint: asks the reason, logs it, then opens the print view. */
export function ReprintDialog({ ticketId, onClose }: { ticketId: number | null; onClose: () => void }) {
  const t = useGateT();
  const qc = useQueryClient();
  const [printed, setPrinted] = useState<ReprintAnswer | null>(null);
  return (
    <>
      <ReasonDialog
        open={ticketId !== null}
        title={t('reprint.title')}
        testId="reprint"
        label={t('reprint.reason')}
        rule={reprintCreate.shape.reason}
        onSubmit={async (reason) => {
          const answer = await gateApi.reprint(ticketId!, reason ?? '');
          void qc.invalidateQueries({ queryKey: ['ticketGate', 'reprints', ticketId] });
          setPrinted(answer);
        }}
        onClose={onClose}
      />
      <PrintView printed={printed} onClose={() => setPrinted(null)} />
    </>
  );
}

/** Collection from the ticket list: the paper ticket's number and a remark. */
export function CollectDialog({ code, onClose, onDone }: { code: string | null; onClose: () => void; onDone?: () => void }) {
  const t = useGateT();
  const [form] = Form.useForm<{ paperNo: string; remark?: string }>();
  const [busy, setBusy] = useState(false);
  const paperRules = useFieldRules({ name: 'paperNo', label: t('collect.paperNo'), rule: collectionCreate.shape.paperNo });
  const remarkRules = useFieldRules({ name: 'remark', label: t('collect.remark'), rule: collectionCreate.shape.remark });
  const submit = async () => {
    let v: { paperNo: string; remark?: string };
    try {
      v = await form.validateFields();
    } catch (err) {
      focusFirstError(form, errorFieldsOf(err));
      return;
    }
    setBusy(true);
    try {
      const row = await gateApi.collect({ code: code!, paperNo: v.paperNo, remark: v.remark });
      success(t('collect.done', { code: row.code, paperNo: row.paperNo }));
      form.resetFields();
      onDone?.();
      onClose();
    } catch (err) {
      await reactToSaveError(form, err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormModal
      open={code !== null}
      title={`${t('collect.title')} · ${code ?? ''}`}
      testId="collect-form"
      busy={busy}
      onOk={() => void submit()}
      onClose={() => (form.resetFields(), onClose())}
      isDirty={() => form.isFieldsTouched()}
    >
      <Form form={form} layout="vertical" name="collect-form">
        <Form.Item name="paperNo" label={t('collect.paperNo')} rules={paperRules} required>
          <Input maxLength={32} autoFocus />
        </Form.Item>
        <Form.Item name="remark" label={t('collect.remark')} rules={remarkRules}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
      </Form>
    </FormModal>
  );
}
