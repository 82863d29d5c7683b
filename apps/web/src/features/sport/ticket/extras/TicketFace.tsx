import type { CSSProperties } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import type { TicketPrintData, TicketTemplateElement } from '@venue/contract';

/** What a ticket face needs of a template (a saved one, or the designer's draft). */
export interface TicketLayout {
  widthMm: number;
  heightMm: number;
  backgroundColor: string;
  backgroundUrl: string | null;
  elements: readonly TicketTemplateElement[];
}

/** An element's text: a field's label and its value, or a text element's text. */
export function elementText(e: TicketTemplateElement, data: TicketPrintData): string {
  if (e.type === 'text') return e.text ?? '';
  if (e.type === 'field' && e.field) return `${e.text ?? ''}${data[e.field]}`;
  return '';
}

/**
 * A ticket as it prints: the page in millimetres, each element placed in millimetres, fonts in
 * points, the QR code of the ticket's code as an SVG (sharp at any printer resolution).
 */
export function TicketFace({
  layout,
  data,
  testId = 'ticket-face',
  style,
}: {
  layout: TicketLayout;
  data: TicketPrintData;
  testId?: string;
  style?: CSSProperties;
}) {
  return (
    <div
      data-testid={testId}
      className="ticket-face"
      style={{
        position: 'relative',
        width: `${layout.widthMm}mm`,
        height: `${layout.heightMm}mm`,
        background: layout.backgroundUrl ? `${layout.backgroundColor} url(${layout.backgroundUrl}) center / 100% 100% no-repeat` : layout.backgroundColor,
        color: '#000',
        overflow: 'hidden',
        boxSizing: 'border-box',
        fontFamily: '"PingFang SC", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif',
        ...style,
      }}
    >
      {layout.elements.map((e) => {
        const box: CSSProperties = { position: 'absolute', left: `${e.x}mm`, top: `${e.y}mm`, width: `${e.width}mm`, height: `${e.height}mm` };
        if (e.type === 'qr')
          return (
            <div key={e.key} style={box} data-testid={`ticket-face-qr-${e.key}`} data-code={data.code}>
              <QRCodeSVG value={data.code} level="M" size={256} marginSize={0} style={{ width: '100%', height: '100%' }} aria-label={data.code} />
            </div>
          );
        return (
          <div
            key={e.key}
            data-testid={`ticket-face-${e.key}`}
            style={{
              ...box,
              fontSize: `${e.fontSize ?? 9}pt`,
              fontWeight: e.bold ? 700 : 400,
              color: e.color ?? '#000',
              textAlign: e.align ?? 'left',
              lineHeight: 1.2,
              overflow: 'hidden',
              whiteSpace: 'nowrap',
              textOverflow: 'clip',
            }}
          >
            {elementText(e, data)}
          </div>
        );
      })}
    </div>
  );
}
