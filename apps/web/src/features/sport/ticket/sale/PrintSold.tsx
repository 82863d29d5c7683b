import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Modal, Space, Typography } from 'antd';
import { FilePdfOutlined, PrinterOutlined, RedoOutlined } from '@ant-design/icons';
import { Perm, reprintCreate, type PrintedTicket, type TicketPrintData } from '@venue/contract';
import { isApiError, saveBlob } from '../../../../app/request.ts';
import { ReasonDialog, useCan } from '../../../../kit/index.ts';
import { formatTime } from '../../../../kit/pay/index.ts';
import { TicketFace, type TicketLayout } from '../extras/TicketFace.tsx';
import { gateApi } from '../gate/gate.api.ts';
import { saleApi, useTicketT, type Translate } from './shared.ts';
import './sale.css';

/**
 * The sale's last step (issue 25, point 6): print the tickets just sold, or download them as a PDF.
 * The first print is recorded without a reason (`POST ticket/print`, once per ticket); after it,
 * only the reprint is offered, which asks a reason and is logged per ticket. Each ticket prints
 * with its session's (else its project's) template from the template designer, else the default
 * layout below; the PDF has the same layout.
 */

type Face = { ticketId: number; layout: TicketLayout; data: TicketPrintData; qr: string };

/** The layout of a ticket without a template: an 80 mm receipt-printer ticket. */
function defaultLayout(t: Translate): TicketLayout {
  const l = (key: string, field: TicketLayout['elements'][number]['field'], y: number, extra: Partial<TicketLayout['elements'][number]> = {}) => ({
    key,
    type: 'field' as const,
    field,
    x: 4,
    y,
    width: 72,
    height: 6,
    fontSize: 9,
    align: 'center' as const,
    ...extra,
  });
  return {
    widthMm: 80,
    heightMm: 118,
    backgroundColor: '#ffffff',
    backgroundUrl: null,
    elements: [
      l('project', 'project', 5, { height: 8, fontSize: 13, bold: true }),
      l('session', 'session', 14, { fontSize: 10 }),
      l('time', 'time', 21, { text: t('print.label.time') }),
      l('venue', 'venue', 27, { text: t('print.label.venue') }),
      l('seat', 'seat', 34, { height: 8, fontSize: 13, bold: true }),
      l('level', 'level', 43, { text: t('print.label.level') }),
      l('price', 'price', 49, { text: t('print.label.price') }),
      l('buyer', 'buyer', 55, { text: t('print.label.buyer') }),
      { key: 'qr', type: 'qr' as const, x: 18, y: 63, width: 44, height: 44 },
      l('code', 'code', 109, { fontSize: 10 }),
    ],
  };
}

function facesOf(printed: readonly PrintedTicket[], fallback: TicketLayout): Face[] {
  return printed.map((p) => ({
    ticketId: p.ticketId,
    layout: p.template ?? { ...fallback, elements: fallback.elements.filter((e) => e.field !== 'buyer' || p.data.buyer) },
    data: p.data,
    qr: p.payload,
  }));
}

async function savePdf(faces: readonly Face[], name: string) {
  const { ticketsPdf } = await import('./ticketPdf.ts');
  saveBlob(new Blob([ticketsPdf(faces) as BlobPart], { type: 'application/pdf' }), name);
}

/** The print view: every ticket at its size; on paper, the tickets alone, one a page. */
function PrintView({ faces, fileName, onClose }: { faces: Face[] | null; fileName: string; onClose: () => void }) {
  const t = useTicketT();
  // While the view is open the page prints the tickets alone.
  useEffect(() => {
    if (!faces) return;
    document.body.classList.add('sold-printing');
    return () => document.body.classList.remove('sold-printing');
  }, [faces]);
  return (
    <Modal
      open={!!faces}
      title={t('print.title')}
      onCancel={onClose}
      width={520}
      footer={
        <Space>
          <Button onClick={onClose}>{t('print.close')}</Button>
          <Button icon={<FilePdfOutlined />} onClick={() => faces && void savePdf(faces, fileName)} data-testid="sold-print-pdf">
            {t('print.pdf')}
          </Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={() => window.print()} data-testid="sold-print-print">
            {t('print.print')}
          </Button>
        </Space>
      }
    >
      <Typography.Text type="secondary">{t('print.ticketN', { n: faces?.length ?? 0 })}</Typography.Text>
      <div className="sold-print" data-testid="sold-print" tabIndex={0} role="region" aria-label={t('print.title')}>
        {(faces ?? []).map((f) => (
          <div key={f.ticketId} className="sold-print-ticket" data-testid="sold-print-ticket" data-code={f.data.code}>
            <TicketFace layout={f.layout} data={f.data} testId={`sold-print-face-${f.ticketId}`} />
          </div>
        ))}
      </div>
    </Modal>
  );
}

export function PrintSold({ orderId, orderNo }: { orderId: number; orderNo: string }) {
  const t = useTicketT();
  const can = useCan();
  const fallback = useMemo(() => defaultLayout(t), [t]);
  const [busy, setBusy] = useState<'print' | 'pdf' | null>(null);
  const [printedAt, setPrintedAt] = useState<string | null>(null);
  const [faces, setFaces] = useState<Face[] | null>(null);
  const [asking, setAsking] = useState(false);
  const fileName = t('print.fileName', { orderNo });

  // Whether the order's tickets were printed already (another window, the ticket list).
  useEffect(() => {
    let live = true;
    saleApi.orderTickets(orderId).then(
      (p) => {
        const at = p.data.map((x) => x.printedAt).find(Boolean);
        if (live && at) setPrintedAt(at);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [orderId]);

  const first = async (as: 'print' | 'pdf') => {
    setBusy(as);
    try {
      const answer = await saleApi.print({ orderId });
      setPrintedAt(answer.printedAt);
      const made = facesOf(answer.data, fallback);
      if (as === 'pdf') await savePdf(made, fileName);
      else {
        setFaces(made);
        // After the view has painted: the browser's print dialog.
        setTimeout(() => window.print(), 300);
      }
    } catch (err) {
      // Printed meanwhile (another click, another window): the reprint is what is left.
      if (isApiError(err) && (err.detail as { reason?: string } | null)?.reason === 'state') setPrintedAt(new Date().toISOString());
    } finally {
      setBusy(null);
    }
  };

  const reprint = async (reason: string) => {
    const tickets = (await saleApi.orderTickets(orderId)).data.filter((x) => x.state === 'sold');
    const out: PrintedTicket[] = [];
    for (const tk of tickets) {
      const r = await gateApi.reprint(tk.id, reason);
      const face = await saleApi.face(tk.id);
      out.push({ ticketId: tk.id, template: face.template, data: face.data, payload: r.payload });
    }
    setFaces(facesOf(out, fallback));
  };

  if (!can(Perm.ticket.sell) && !can(Perm.ticket.reprint)) return null;
  return (
    <div data-testid="ticket-sell-printing" data-printed={printedAt ? '1' : '0'}>
      {printedAt ? (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Alert type="success" showIcon message={t('print.printedAt', { time: formatTime(printedAt) })} data-testid="ticket-sell-printed" />
          {can(Perm.ticket.reprint) ? (
            <Button icon={<RedoOutlined />} onClick={() => setAsking(true)} data-testid="ticket-sell-reprint">
              {t('print.reprint')}
            </Button>
          ) : null}
        </Space>
      ) : (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Typography.Text>{t('print.ready')}</Typography.Text>
          <Space wrap>
            <Button
              type="primary"
              icon={<PrinterOutlined />}
              loading={busy === 'print'}
              disabled={!!busy}
              onClick={() => void first('print')}
              data-testid="ticket-sell-print"
            >
              {t('print.print')}
            </Button>
            <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} disabled={!!busy} onClick={() => void first('pdf')} data-testid="ticket-sell-pdf">
              {t('print.pdf')}
            </Button>
          </Space>
        </Space>
      )}
      <ReasonDialog
        open={asking}
        title={t('print.reprintTitle')}
        testId="ticket-sell-reprint-reason"
        label={t('print.reason')}
        rule={reprintCreate.shape.reason}
        onSubmit={async (reason) => reprint(reason ?? '')}
        onClose={() => setAsking(false)}
      />
      <PrintView faces={faces} fileName={fileName} onClose={() => setFaces(null)} />
    </div>
  );
}

/** The ticket list's print of a ticket not printed yet: recorded as its first print, then the print view. */
export function FirstPrintDialog({ ticketId, onClose }: { ticketId: number | null; onClose: () => void }) {
  const t = useTicketT();
  const fallback = useMemo(() => defaultLayout(t), [t]);
  const [faces, setFaces] = useState<Face[] | null>(null);
  useEffect(() => {
    if (ticketId === null) return;
    let live = true;
    saleApi.print({ ticketIds: [ticketId] }).then(
      (answer) => {
        if (!live) return;
        setFaces(facesOf(answer.data, fallback));
        setTimeout(() => window.print(), 300);
      },
      () => onClose(),
    );
    return () => {
      live = false;
    };
  }, [ticketId]); // eslint-disable-line react-hooks/exhaustive-deps -- one print per ticket asked
  return (
    <PrintView
      faces={faces}
      fileName={t('print.fileName', { orderNo: faces?.[0]?.data.code ?? '' })}
      onClose={() => {
        setFaces(null);
        onClose();
      }}
    />
  );
}
