import { useRef, useState, type ReactNode } from 'react';
import { Button, Modal, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { dictLabel, useDict } from '../app/dict.ts';
import { formatDate, formatMoney } from '../app/format.ts';
import { useLang } from '../app/prefs.ts';
import { useKitT, useLabelT } from './kitI18n.ts';
import { jsonPreview } from './columns.ts';
import type { ColumnDef, Option, Row } from './types.ts';

/**
 * A long JSON value in a cell: one short line (monospace) that opens a viewer with the whole
 * value, pretty-printed and copyable. Short values show as they are.
 */
export function JsonValue({ value, title, testId }: { value: unknown; title: string; testId?: string }) {
  const tk = useKitT();
  const [open, setOpen] = useState(false);
  const p = jsonPreview(value);
  if (!p) return null;
  // Short enough to read in the cell: no viewer needed.
  if (!p.cut) return <code className="kit-json-inline">{p.text}</code>;
  return (
    <>
      <Button
        type="link"
        size="small"
        className="kit-json-preview"
        onClick={() => setOpen(true)}
        data-testid={testId ?? 'kit-json'}
        aria-label={`${tk('jsonView')} ${title}`}
        title={tk('jsonView')}
      >
        <code>{p.text}</code>
      </Button>
      <Modal open={open} title={tk('jsonTitle', { label: title })} onCancel={() => setOpen(false)} footer={null} width={720} destroyOnHidden>
        <Typography.Paragraph copyable={{ text: p.pretty, tooltips: [tk('copy'), tk('copy')] }} style={{ marginBottom: 8 }} />
        <pre className="kit-json-view" data-testid="kit-json-view">
          {p.pretty}
        </pre>
      </Modal>
    </>
  );
}

/** Cell text cut with an ellipsis: hovering shows the whole text in a tooltip, only when it is cut. */
export function EllipsisText({ children, text }: { children: ReactNode; text: string }) {
  const ref = useRef<HTMLSpanElement>(null);
  const [cut, setCut] = useState(false);
  return (
    <Tooltip title={cut ? text : undefined} placement="topLeft" mouseEnterDelay={0.2}>
      <span
        ref={ref}
        className="kit-ellipsis"
        onMouseEnter={() => {
          const el = ref.current;
          setCut(!!el && el.scrollWidth > el.clientWidth + 1);
        }}
      >
        {children}
      </span>
    </Tooltip>
  );
}

/** A day (YYYY-MM-DD) in the current language: 'YYYY年MM月DD日' in Chinese, 'YYYY-MM-DD' in English. */
export function formatDay(value: unknown, lang: 'zh-CN' | 'en-US'): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value as string);
  if (!d.isValid()) return String(value);
  return d.format(lang === 'zh-CN' ? 'YYYY年MM月DD日' : 'YYYY-MM-DD');
}

const DEFAULT_COLORS: Record<string, string> = { '0': 'green', '1': 'red', '2': 'default' };

/** Shows a coded value as a tag with its label (options or a dictionary). */
export function CodeTag({ value, options, dict, ns, colors }: { value: unknown; options?: Option[]; dict?: string; ns: string; colors?: boolean }) {
  const tl = useLabelT(ns);
  useDict(dict ?? '');
  if (value === null || value === undefined || value === '') return null;
  const opt = options?.find((o) => String(o.value) === String(value));
  const label = opt ? tl(opt.label) : dict ? dictLabel(dict, value) : String(value);
  const color = opt?.color ?? (colors ? DEFAULT_COLORS[String(value)] : undefined);
  return color ? <Tag color={color}>{label}</Tag> : <>{label}</>;
}

/** The renderer of a column's value (table cells and detail items). */
export function useCellRenderer<T extends Row>(ns: string) {
  const lang = useLang();
  const tk = useKitT();
  const tl = useLabelT(ns);
  return (col: ColumnDef<T>, row: T): ReactNode => {
    const value = row[col.key];
    if (col.render) return col.render(value, row);
    if (col.options || col.dict) return <CodeTag value={value} options={col.options} dict={col.dict} ns={ns} />;
    switch (col.format) {
      case 'date':
        return formatDay(value, lang);
      case 'datetime':
        return formatDate(value as string, lang);
      case 'money':
        return formatMoney(value as number, lang);
      case 'yesNo':
        return value === null || value === undefined ? '' : value ? tk('yes') : tk('no');
      case 'json':
        return <JsonValue value={value} title={tl(col.label)} testId={`kit-json-${col.key}`} />;
      default:
        return value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);
    }
  };
}
