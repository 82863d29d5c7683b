import { useCallback, useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Popover, Tooltip } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import type { GridSlot, SlotState } from '@venue/contract';
import { yuan } from '../../../kit/pay/index.ts';
import { cellKey, moveFocus, type GridColumn, type GridModel, type Picked } from './grid.ts';
import { useBookingT, useCellStyles } from './shared.tsx';

export interface BookingGridProps {
  model: GridModel;
  /** The day the model's slots fall back to (slots without their own `date`). */
  date: string;
  selected: Map<string, Picked>;
  /** A free cell was clicked, or Space was pressed on it. */
  onToggle: (slot: GridSlot, column: GridColumn) => void;
  /** Enter: book what is selected. */
  onEnter: () => void;
  /** The actions of a held, booked or locked cell (shown in a popover), or null for none. */
  popover: (slot: GridSlot, column: GridColumn, close: () => void) => ReactNode;
  /** Test id of a cell. */
  cellTestId: (slot: GridSlot, column: GridColumn) => string;
  label: string;
  testId: string;
  /** A booked cell that may be dragged to another cell (to move its booking). */
  canDrag?: (slot: GridSlot) => boolean;
  /** A dragged booking was dropped on a free cell. */
  onDrop?: (from: GridSlot, to: GridSlot, column: GridColumn) => void;
  /** A booking is being moved (by drag or from its popover): free cells are its targets. */
  moving?: boolean;
  /** A cell a course lesson holds was clicked (or Space pressed on it): the "view course" dialog opens instead of the actions. */
  onLesson?: (slot: GridSlot, column: GridColumn) => void;
  /** Put the keyboard focus back on this cell (its key) and on the grid: after a payment it started. `n` changes per request. */
  focusRequest?: { key: string; n: number } | null;
}

const ACTIVE: readonly SlotState[] = ['held', 'booked', 'locked'];
const domId = (k: string) => `bk-${k.replace(/[^0-9a-zA-Z]/g, '-')}`;

/**
 * The booking grid: columns (sites, or a site's days) across, the times down. A free cell shows
 * its price and is selected by a click; a held, booked or locked cell opens its actions. The grid
 * is one tab stop (role grid, the focus cell named by aria-activedescendant): the arrow keys, Home
 * and End move the focus cell, Space selects it (or opens its actions), Enter books the selection.
 */
export function BookingGrid({
  model,
  date,
  selected,
  onToggle,
  onEnter,
  popover,
  cellTestId,
  label,
  testId,
  canDrag,
  onDrop,
  moving,
  focusRequest,
  onLesson,
}: BookingGridProps) {
  const t = useBookingT();
  const styles = useCellStyles();
  const [focus, setFocus] = useState({ r: 0, c: 0 });
  const [hasFocus, setHasFocus] = useState(false);
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [dragged, setDragged] = useState<GridSlot | null>(null);
  const [dropKey, setDropKey] = useState<string | null>(null);
  const tableRef = useRef<HTMLTableElement>(null);
  const wrapRef = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState({ left: false, right: false });
  const rows = model.rows.length;
  const cols = model.columns.length;

  // The scroll cue: a shadow on each side that has more columns beyond it.
  const measure = useCallback(() => {
    const w = wrapRef.current;
    if (!w) return;
    const left = w.scrollLeft > 1;
    const right = w.scrollLeft + w.clientWidth < w.scrollWidth - 1;
    setEdges((e) => (e.left === left && e.right === right ? e : { left, right }));
  }, []);
  useEffect(() => {
    measure();
    const w = wrapRef.current;
    if (!w || typeof ResizeObserver === 'undefined') return;
    const ro = new ResizeObserver(measure);
    ro.observe(w);
    if (tableRef.current) ro.observe(tableRef.current);
    return () => ro.disconnect();
  }, [measure, rows, cols]);

  // Focus back on a cell (after a payment): the grid takes the focus with that cell as its focus
  // cell. Again a moment later, in case the closing dialog gave the focus back to the page after us.
  useEffect(() => {
    if (!focusRequest) return;
    for (let r = 0; r < rows; r++)
      for (let c = 0; c < cols; c++) {
        const slot = model.at(r, c);
        if (slot && cellKey(slot, date) === focusRequest.key) {
          setFocus({ r, c });
          // The closing payment dialog holds the focus first, then gives it back to what opened it
          // (a popover's or a dialog's button, gone by now: the page). Taken then, never from a
          // dialog that is open.
          const put = () => {
            const active = document.activeElement;
            if (!active || active === document.body || !active.isConnected) tableRef.current?.focus();
            document.getElementById(domId(focusRequest.key))?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
          };
          put();
          const timers = [150, 400, 800, 1400].map((ms) => window.setTimeout(put, ms));
          return () => timers.forEach((x) => window.clearTimeout(x));
        }
      }
    if (document.activeElement === document.body) tableRef.current?.focus();
    // Only when a new request comes.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a request is served once, when it comes
  }, [focusRequest?.n]);

  // The focus cell stays inside the grid when its size changes (another day, another site).
  useEffect(() => {
    setFocus((f) => ({ r: Math.min(f.r, Math.max(0, rows - 1)), c: Math.min(f.c, Math.max(0, cols - 1)) }));
  }, [rows, cols]);

  const focusedSlot = model.at(focus.r, focus.c);
  const focusedKey = focusedSlot ? cellKey(focusedSlot, date) : `none|${focus.r}|${focus.c}`;

  const scrollTo = (r: number, c: number) => {
    const slot = model.at(r, c);
    const id = slot ? domId(cellKey(slot, date)) : domId(`none|${r}|${c}`);
    document.getElementById(id)?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  };

  const activate = (slot: GridSlot | undefined, column: GridColumn | undefined) => {
    if (!slot || !column) return;
    if (slot.lesson && onLesson) onLesson(slot, column);
    else if (slot.state === 'free') onToggle(slot, column);
    else if (ACTIVE.includes(slot.state)) setOpenKey(cellKey(slot, date));
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    if (!rows || !cols) return;
    if (['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)) {
      e.preventDefault();
      const next = moveFocus(focus, e.key, rows, cols);
      setFocus(next);
      setOpenKey(null);
      scrollTo(next.r, next.c);
    } else if (e.key === ' ') {
      e.preventDefault();
      activate(focusedSlot, model.columns[focus.c]);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      if (selected.size) onEnter();
      else activate(focusedSlot, model.columns[focus.c]);
    } else if (e.key === 'Escape') {
      setOpenKey(null);
    }
  };

  const tooltipOf = (slot: GridSlot, column: GridColumn): ReactNode => {
    const lines: string[] = [`${column.title} ${slot.start}–${slot.end} · ${t(`state.${slot.state}`)}`];
    if (slot.lesson) {
      const l = slot.lesson;
      lines.push(
        `${t('course.course')}: ${l.courseName} · ${l.className}`,
        `${t('course.coach')}: ${l.coachName ?? '—'}`,
        `${t('course.seats')}: ${t('course.seatsValue', { enrolled: l.enrolled, capacity: l.capacity })}`,
      );
      return (
        <div data-testid="cell-tooltip">
          {lines.map((x, i) => (
            <div key={i}>{x}</div>
          ))}
        </div>
      );
    }
    if (slot.state === 'free' || slot.state === 'held' || slot.state === 'booked') {
      lines.push(slot.ruleName ? t('grid.rule', { name: slot.ruleName }) : slot.state === 'free' ? t('grid.noRule') : '');
      if (slot.state === 'free') lines.push(yuan(slot.price));
    }
    if (slot.buyer || slot.orderNo) lines.push(t('grid.buyer', { buyer: [slot.buyer || t('grid.walkin'), slot.buyerPhone].filter(Boolean).join(' ') }));
    if (slot.orderNo) lines.push(t('grid.orderNo', { orderNo: slot.orderNo }));
    if (slot.reason) lines.push(t('grid.reason', { reason: slot.reason }));
    return (
      <div data-testid="cell-tooltip">
        {lines.filter(Boolean).map((l, i) => (
          <div key={i}>{l}</div>
        ))}
      </div>
    );
  };

  const contentOf = (slot: GridSlot, sel: boolean): ReactNode => {
    if (slot.lesson)
      return (
        <>
          <span className="bk-who" data-testid="cell-course">
            {slot.lesson.courseName}
          </span>
          <span className="bk-sub">{slot.lesson.className}</span>
        </>
      );
    switch (slot.state) {
      case 'free':
        return <span className="bk-price">{yuan(slot.price)}</span>;
      case 'held':
      case 'booked':
        return (
          <>
            <span className="bk-who" data-testid="cell-buyer">
              {slot.buyer || t('grid.walkin')}
            </span>
            <span className="bk-sub">{slot.buyerPhone || t(`state.${slot.state}`)}</span>
          </>
        );
      case 'locked':
        return (
          <>
            <LockOutlined aria-hidden />
            <span className="bk-sub">{slot.reason || t('state.locked')}</span>
          </>
        );
      default:
        return sel ? null : <span className="bk-sub">{slot.state === 'closed' ? t('state.closed') : ''}</span>;
    }
  };

  const th = { ...styles.header, borderStyle: 'solid', borderWidth: 1 };

  return (
    <div
      className={`bk-grid-scroller${edges.left ? ' bk-more-left' : ''}${edges.right ? ' bk-more-right' : ''}${moving ? ' bk-moving' : ''}`}
      data-testid={`${testId}-scroller`}
      style={{ ['--bk-shade' as string]: styles.shade }}
    >
      <div className="bk-grid-wrap" ref={wrapRef} onScroll={measure} data-testid={`${testId}-wrap`}>
        <table
          ref={tableRef}
          role="grid"
          aria-label={label}
          aria-multiselectable
          aria-rowcount={rows + 1}
          aria-colcount={cols + 1}
          aria-activedescendant={rows && cols ? domId(focusedKey) : undefined}
          tabIndex={0}
          className="bk-grid"
          data-testid={testId}
          onKeyDown={onKeyDown}
          onFocus={() => setHasFocus(true)}
          onBlur={(e) => {
            if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setHasFocus(false);
          }}
        >
          <thead>
            <tr role="row">
              <th role="columnheader" scope="col" className="bk-corner" style={th}>
                {t('grid.time')}
              </th>
              {model.columns.map((col) => (
                <th key={col.key} role="columnheader" scope="col" style={th} data-testid={`column-${col.key}`}>
                  {col.title}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {model.rows.map((row, r) => (
              <tr key={row.start} role="row">
                <th role="rowheader" scope="row" className="bk-time" style={th}>
                  <span>{row.start}</span>
                  <span className="bk-sub">{row.end}</span>
                </th>
                {model.columns.map((col, c) => {
                  const slot = model.at(r, c);
                  const isFocus = hasFocus && focus.r === r && focus.c === c;
                  const outline = isFocus ? { outline: `2px solid ${styles.focus}`, outlineOffset: -3 } : undefined;
                  if (!slot) {
                    return (
                      <td
                        key={col.key}
                        id={domId(`none|${r}|${c}`)}
                        role="gridcell"
                        aria-disabled
                        aria-selected={false}
                        aria-label={`${col.title} ${row.start} ${t('grid.noSlot')}`}
                        className="bk-cell bk-none"
                        style={{ ...styles.of('closed', false), ...outline }}
                        onClick={() => setFocus({ r, c })}
                      />
                    );
                  }
                  const key = cellKey(slot, date);
                  const sel = selected.has(key);
                  const lesson = slot.lesson && onLesson ? slot.lesson : null;
                  // A lesson's cell opens the "view course" dialog, not a booking's actions.
                  const active = ACTIVE.includes(slot.state) && !lesson;
                  const draggable = !!canDrag?.(slot);
                  const dropTarget = !!dragged && slot.state === 'free';
                  const drag = {
                    ...(draggable
                      ? {
                          draggable: true,
                          onDragStart: (e: DragEvent) => {
                            e.dataTransfer.effectAllowed = 'move';
                            e.dataTransfer.setData('text/plain', key);
                            setOpenKey(null);
                            setDragged(slot);
                          },
                          onDragEnd: () => {
                            setDragged(null);
                            setDropKey(null);
                          },
                        }
                      : {}),
                    ...(dropTarget
                      ? {
                          onDragOver: (e: DragEvent) => {
                            e.preventDefault();
                            e.dataTransfer.dropEffect = 'move';
                            if (dropKey !== key) setDropKey(key);
                          },
                          onDragLeave: () => setDropKey((k) => (k === key ? null : k)),
                          onDrop: (e: DragEvent) => {
                            e.preventDefault();
                            const from = dragged;
                            setDragged(null);
                            setDropKey(null);
                            if (from) onDrop?.(from, slot, col);
                          },
                        }
                      : {}),
                  };
                  const dropOutline = dropKey === key ? { outline: `2px dashed ${styles.focus}`, outlineOffset: -3 } : undefined;
                  const inner = <div className="bk-inner">{contentOf(slot, sel)}</div>;
                  const withTip = (
                    // Not over the cell's own popover (it would cover its buttons).
                    <Tooltip title={tooltipOf(slot, col)} mouseEnterDelay={0.35} destroyOnHidden {...(openKey === key ? { open: false } : {})}>
                      {inner}
                    </Tooltip>
                  );
                  return (
                    <td
                      key={col.key}
                      id={domId(key)}
                      role="gridcell"
                      aria-selected={sel}
                      aria-disabled={slot.state === 'free' || active || lesson ? undefined : true}
                      aria-label={
                        lesson
                          ? `${col.title} ${slot.start}–${slot.end} ${t('course.cell')} ${lesson.courseName} ${lesson.className}`
                          : `${col.title} ${slot.start}–${slot.end} ${t(`state.${slot.state}`)}${slot.state === 'free' ? ` ${yuan(slot.price)}` : ''}${slot.state === 'held' || slot.state === 'booked' ? ` ${slot.buyer || t('grid.walkin')} ${slot.buyerPhone || t(`state.${slot.state}`)}` : ''}${slot.state === 'locked' && slot.reason ? ` ${slot.reason}` : ''}`
                      }
                      className={`bk-cell bk-${slot.state}${lesson ? ' bk-course' : ''}${sel ? ' bk-selected' : ''}${draggable ? ' bk-draggable' : ''}`}
                      style={{ ...(lesson ? styles.course : styles.of(slot.state, sel)), ...outline, ...dropOutline }}
                      {...drag}
                      data-testid={cellTestId(slot, col)}
                      data-state={slot.state}
                      data-course={lesson ? lesson.lessonId : undefined}
                      data-price={slot.price}
                      data-selected={sel ? 'true' : 'false'}
                      onClick={() => {
                        setFocus({ r, c });
                        if (lesson) onLesson?.(slot, col);
                        else if (slot.state === 'free') onToggle(slot, col);
                      }}
                    >
                      {active ? (
                        <Popover
                          open={openKey === key}
                          onOpenChange={(o) => setOpenKey(o ? key : null)}
                          trigger="click"
                          destroyOnHidden
                          content={<div data-testid="cell-popover">{popover(slot, col, () => setOpenKey(null))}</div>}
                          title={`${col.title} ${slot.date ?? date} ${slot.start}–${slot.end}`}
                        >
                          {withTip}
                        </Popover>
                      ) : (
                        withTip
                      )}
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {edges.left || edges.right ? (
        <div className="bk-scroll-hint" data-testid={`${testId}-scroll-hint`}>
          {t('grid.scrollHint')}
        </div>
      ) : null}
    </div>
  );
}
