import type { ReactNode } from 'react';
import { Descriptions, Drawer, Skeleton } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useCellRenderer } from './display.tsx';
import { useLabelT } from './kitI18n.ts';
import type { ColumnDef, Row } from './types.ts';

export interface DetailDrawerProps<T extends Row = Row> {
  /** Test id `${id}-detail`. */
  id: string;
  ns: string;
  open: boolean;
  title: string;
  columns: ColumnDef<T>[];
  record: T | null;
  /** Loads the full record (default: the row as listed). */
  load?: (row: T) => Promise<T>;
  /** Query key part of the record (default its id). */
  recordKey?: string | number;
  extra?: (row: T) => ReactNode;
  width?: number;
  onClose: () => void;
}

/** The detail view of a record: its columns as descriptions, loaded fresh when a loader is given. */
export function DetailDrawer<T extends Row = Row>({
  id,
  ns,
  open,
  title,
  columns,
  record,
  load,
  recordKey,
  extra,
  width = 760,
  onClose,
}: DetailDrawerProps<T>) {
  const tl = useLabelT(ns);
  const render = useCellRenderer<T>(ns);
  const key = recordKey ?? (record?.id as string | number | undefined);
  const { data, isLoading } = useQuery({
    queryKey: ['kit', id, 'detail', key],
    queryFn: () => load!(record!),
    enabled: open && !!record && !!load,
  });
  const row = (load ? data : record) ?? null;
  return (
    <Drawer open={open} title={title} size={width} onClose={onClose} destroyOnHidden data-testid={`${id}-detail`}>
      {open && load && isLoading ? <Skeleton active /> : null}
      {row ? (
        <>
          <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} styles={{ label: { width: 140 } }}>
            {columns
              .filter((c) => c.inDetail !== false)
              .map((c) => (
                <Descriptions.Item key={c.key} label={tl(c.label)} span={c.detailSpan === 2 ? 'filled' : 1}>
                  {render(c, row)}
                </Descriptions.Item>
              ))}
          </Descriptions>
          {extra ? <div style={{ marginTop: 24 }}>{extra(row)}</div> : null}
        </>
      ) : null}
    </Drawer>
  );
}
