import { useEffect, useState } from 'react';
import { Alert, Button, Empty, InputNumber, Skeleton, Space, Typography } from 'antd';
import { ArrowLeftOutlined, PrinterOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { TicketPrintAnswer, TicketTemplateRow } from '@venue/contract';
import { http } from '../../../../app/request.ts';
import { TicketFace } from './TicketFace.tsx';
import { TEMPLATE_LIST_PATH, templatePrintPath, ticketPath, useExtrasT, useSampleData } from './shared.tsx';
import './extras.css';

/**
 * A ticket template's print view: the ticket at its real size (millimetres), with sample data or
 * a real ticket's (`?ticketId=`, printed with its session's or project's template). Print sets the
 * page to the ticket's size (CSS `@page`) and prints the ticket alone.
 */
export default function TemplatePrintPage() {
  const t = useExtrasT();
  const navigate = useNavigate();
  const id = Number(useParams().templateId);
  const [params] = useSearchParams();
  const ticketId = Number(params.get('ticketId')) || 0;
  const [typed, setTyped] = useState<number | null>(ticketId || null);
  const sample = useSampleData();
  const tpl = useQuery({
    queryKey: ['ticketExtras', 'template', id],
    queryFn: () => http.get<TicketTemplateRow>(ticketPath(`template/${id}`)),
    enabled: id > 0,
  });
  const real = useQuery({
    queryKey: ['ticketExtras', 'print', ticketId],
    queryFn: () => http.get<TicketPrintAnswer>(ticketPath(`template/print/${ticketId}`)),
    enabled: ticketId > 0,
  });
  const template = ticketId ? (real.data?.template ?? null) : (tpl.data ?? null);

  // While this screen is shown, printing prints the ticket alone on a page of its size.
  useEffect(() => {
    if (!template) return;
    document.body.classList.add('ticket-printing');
    const style = document.createElement('style');
    style.dataset.ticketPage = '1';
    style.textContent = `@media print { @page { size: ${template.widthMm}mm ${template.heightMm}mm; margin: 0; } }`;
    document.head.appendChild(style);
    return () => {
      document.body.classList.remove('ticket-printing');
      style.remove();
    };
  }, [template]);

  if (tpl.isLoading || real.isLoading) return <Skeleton active />;
  if (!tpl.data && !real.data) return <Empty />;
  return (
    <div data-testid="ticketPrint">
      <Space className="ticket-print-actions" wrap style={{ marginBottom: 12 }}>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(TEMPLATE_LIST_PATH)}>
          {t('back')}
        </Button>
        <Button type="primary" icon={<PrinterOutlined />} disabled={!template} onClick={() => window.print()} data-testid="ticketPrint-print">
          {t('printView.print')}
        </Button>
        <InputNumber
          min={1}
          precision={0}
          placeholder={t('printView.ticketId')}
          value={typed}
          onChange={(v) => setTyped(v)}
          style={{ width: 140 }}
          data-testid="ticketPrint-ticketId"
        />
        <Button disabled={!typed} onClick={() => typed && navigate(templatePrintPath(id, typed))} data-testid="ticketPrint-load">
          {t('printView.load')}
        </Button>
        <Typography.Text type="secondary" data-testid="ticketPrint-source">
          {ticketId && real.data ? t('printView.realData', { code: real.data.data.code }) : t('printView.sampleData')}
        </Typography.Text>
      </Space>
      {template ? (
        <div className="ticket-print-sheet">
          <TicketFace layout={template} data={ticketId && real.data ? real.data.data : sample} testId="ticketPrint-face" />
        </div>
      ) : (
        <Alert type="info" showIcon title={t('printView.noTemplate')} />
      )}
    </div>
  );
}
