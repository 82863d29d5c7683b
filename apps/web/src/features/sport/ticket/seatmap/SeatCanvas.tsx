import { forwardRef, useEffect, useImperativeHandle, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type Konva from 'konva';
import { Image as KImage, Layer, Shape, Stage } from 'react-konva';
import type { SeatmapDocument } from '@venue/contract';
import { SEAT_RADIUS, SeatIndex, boundsOf, fitView, generateRows, rectOf, zoomAt, type PlacedSeat, type Rect, type RowSpec } from './seatmap.geometry.ts';

/**
 * The designer's canvas (Konva). Ten thousand seats are not ten thousand nodes: every seat is drawn
 * by one `Shape` whose scene function paints them in a few batched paths (one per colour and
 * form), skipping those outside the view and drawing small squares instead of circles when a seat
 * is a few pixels wide; numbers appear only when seats are large enough to read them. No seat
 * listens to events: the stage takes the pointer and `SeatIndex` answers which seat is under it or
 * inside the marquee. The selection, the marquee, a move in progress and the row being placed are
 * drawn by a second small layer. Pan and zoom change the stage's transform and redraw, outside React.
 */

export type Tool = 'select' | 'pan' | 'row';
export type ColorBy = 'zone' | 'level';

export interface View {
  scale: number;
  x: number;
  y: number;
}

export interface SeatCanvasHandle {
  fit(): void;
  zoomBy(factor: number): void;
  getView(): View;
  /** The map point at the middle of the view (where a row is placed from the panel). */
  center(): { x: number; y: number };
}

export interface SeatCanvasProps {
  doc: SeatmapDocument;
  selected: ReadonlySet<string>;
  tool: Tool;
  colorBy: ColorBy;
  levelColors: ReadonlyMap<string, string>;
  rowSpec: RowSpec | null;
  dark: boolean;
  primary: string;
  /** Seats picked by a click or a marquee: replace the selection, add to it or toggle them. */
  onSelect(keys: string[], mode: 'replace' | 'add' | 'toggle'): void;
  onMove(dx: number, dy: number): void;
  onPlaceRow(x: number, y: number): void;
  onView?(view: View): void;
  /** The seat the keyboard is on (the sale's keyboard path): ringed, and brought into view. */
  focusKey?: string | null;
  /** Row labels drawn at both ends of each row. */
  rowLabels?: boolean;
  /** Fitting never makes a seat narrower than this many pixels across: a big map opens at a readable zoom, scrolled to its top left. */
  minSeatPx?: number;
}

export const UNSOLD_COLOR = '#8c8c8c';
export const NO_LEVEL_COLOR = '#bfbfbf';

type Form = 'circle' | 'square' | 'ring';
interface Bucket {
  form: Form;
  color: string;
  idx: Int32Array;
}
interface Model {
  /** Seat centres' bounds grown by a seat's radius, or null without seats. */
  bounds: { minX: number; minY: number; maxX: number; maxY: number } | null;
  xs: Float32Array;
  ys: Float32Array;
  buckets: Bucket[];
  /** Obstructed seats: a slash; not-for-sale seats: a cross. */
  slash: Int32Array;
  cross: Int32Array;
  labels: string[];
}

function buildModel(doc: SeatmapDocument, colorBy: ColorBy, levelColors: ReadonlyMap<string, string>): Model {
  const n = doc.seats.length;
  const xs = new Float32Array(n);
  const ys = new Float32Array(n);
  const zoneColor = new Map(doc.zones.map((z) => [z.key, z.color]));
  const groups = new Map<string, { form: Form; color: string; idx: number[] }>();
  const slash: number[] = [];
  const cross: number[] = [];
  const labels: string[] = new Array<string>(n);
  doc.seats.forEach((s, i) => {
    xs[i] = s.x;
    ys[i] = s.y;
    labels[i] = s.no;
    let color =
      colorBy === 'level' ? (s.levelKey ? (levelColors.get(s.levelKey) ?? NO_LEVEL_COLOR) : NO_LEVEL_COLOR) : (zoneColor.get(s.zone) ?? NO_LEVEL_COLOR);
    let form: Form = 'circle';
    if (s.kind === 'wheelchair') form = 'square';
    else if (s.kind === 'shown') form = 'ring';
    else if (s.kind === 'unsold') {
      color = UNSOLD_COLOR;
      cross.push(i);
    } else if (s.kind === 'obstructed') slash.push(i);
    const k = `${form}|${color}`;
    const g = groups.get(k);
    if (g) g.idx.push(i);
    else groups.set(k, { form, color, idx: [i] });
  });
  const b = boundsOf(doc.seats);
  const bounds = b ? { minX: b.minX - SEAT_RADIUS - 2, minY: b.minY - SEAT_RADIUS - 2, maxX: b.maxX + SEAT_RADIUS + 2, maxY: b.maxY + SEAT_RADIUS + 2 } : null;
  return {
    bounds,
    xs,
    ys,
    buckets: [...groups.values()].map((g) => ({ form: g.form, color: g.color, idx: Int32Array.from(g.idx) })),
    slash: Int32Array.from(slash),
    cross: Int32Array.from(cross),
    labels,
  };
}

type Drag =
  | { kind: 'pan'; sx: number; sy: number; vx: number; vy: number }
  | { kind: 'marquee'; ax: number; ay: number; bx: number; by: number; add: boolean }
  | { kind: 'move'; ax: number; ay: number; dx: number; dy: number };

const TAU = Math.PI * 2;
/** The largest bitmap of the whole map kept for panning (pixels). */
const BITMAP_MAX_PIXELS = 8_000_000;

interface Bitmap {
  canvas: HTMLCanvasElement;
  model: Model;
  dark: boolean;
  moving: boolean;
  ratio: number;
  scale: number;
  minX: number;
  minY: number;
}
/** Seat numbers drawn once per size as small bitmaps: drawImage is far cheaper than fillText. */
interface LabelSprites {
  px: number;
  sprites: Map<string, HTMLCanvasElement>;
}

function labelSprite(cache: LabelSprites, text: string, px: number): HTMLCanvasElement {
  if (cache.px !== px) {
    cache.px = px;
    cache.sprites.clear();
  }
  let sprite = cache.sprites.get(text);
  if (!sprite) {
    sprite = document.createElement('canvas');
    const font = `600 ${px}px sans-serif`;
    const m = sprite.getContext('2d')!;
    m.font = font;
    sprite.width = Math.max(1, Math.ceil(m.measureText(text).width) + 2);
    sprite.height = Math.ceil(px * 1.3);
    const g = sprite.getContext('2d')!;
    g.font = font;
    g.fillStyle = '#ffffff';
    g.textAlign = 'center';
    g.textBaseline = 'middle';
    g.fillText(text, sprite.width / 2, sprite.height / 2 + px * 0.05);
    cache.sprites.set(text, sprite);
  }
  return sprite;
}

/** A #rrggbb colour too dark for dark text. */
function isDark(hex: string): boolean {
  const n = parseInt(hex.slice(1, 7), 16);
  return 0.299 * ((n >> 16) & 255) + 0.587 * ((n >> 8) & 255) + 0.114 * (n & 255) < 140;
}

/** Stage, aisles and labels of the map (a few shapes). */
function drawShapes(ctx: CanvasRenderingContext2D, d: SeatmapDocument, dk: boolean) {
  for (const sh of d.shapes ?? []) {
    if (sh.type === 'rect') {
      ctx.fillStyle = sh.color ?? (dk ? '#434343' : '#f0f0f0');
      ctx.fillRect(sh.x, sh.y, sh.width ?? 0, sh.height ?? 0);
    }
    if (sh.text) {
      // On a filled shape the text takes the contrasting colour of its fill.
      const fill = sh.type === 'rect' ? (sh.color ?? (dk ? '#434343' : '#f0f0f0')) : null;
      ctx.fillStyle = fill ? (isDark(fill) ? '#ffffff' : '#262626') : dk ? '#d9d9d9' : '#595959';
      ctx.font = `${Math.max(12, (sh.height ?? 24) / 2)}px sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText(sh.text, sh.x + (sh.width ?? 0) / 2, sh.y + (sh.height ?? 0) / 2);
    }
  }
}

/**
 * Paints the seats in map units (the context already carries the view's transform): one path per
 * colour and form, one fill each; small squares when a seat is under 2.5 px; marks of obstructed
 * and unsold seats from 3 px; numbers from 8 px. Seats outside `area`, or `hidden` (being moved),
 * are skipped.
 */
function paintSeats(
  ctx: CanvasRenderingContext2D,
  md: Model,
  hidden: Uint8Array | null,
  dk: boolean,
  scale: number,
  ratio: number,
  area: { x0: number; y0: number; x1: number; y1: number },
  labels: LabelSprites,
) {
  const R = SEAT_RADIUS;
  const px = R * scale;
  const { xs, ys } = md;
  const { x0, y0, x1, y1 } = area;
  for (const b of md.buckets) {
    ctx.beginPath();
    const idx = b.idx;
    for (let k = 0; k < idx.length; k++) {
      const i = idx[k]!;
      const x = xs[i]!;
      const y = ys[i]!;
      if (x < x0 || x > x1 || y < y0 || y > y1 || (hidden && hidden[i])) continue;
      if (px < 2.5 || b.form === 'square') ctx.rect(x - R, y - R, 2 * R, 2 * R);
      else {
        ctx.moveTo(x + R, y);
        ctx.arc(x, y, R, 0, TAU);
      }
    }
    if (b.form === 'ring') {
      ctx.lineWidth = 2;
      ctx.strokeStyle = b.color;
      ctx.stroke();
    } else {
      ctx.fillStyle = b.color;
      ctx.fill();
    }
  }
  if (px >= 3) {
    ctx.beginPath();
    const r = R * 0.7;
    for (const i of md.slash) {
      const x = xs[i]!;
      const y = ys[i]!;
      if (x < x0 || x > x1 || y < y0 || y > y1 || (hidden && hidden[i])) continue;
      ctx.moveTo(x - r, y + r);
      ctx.lineTo(x + r, y - r);
    }
    for (const i of md.cross) {
      const x = xs[i]!;
      const y = ys[i]!;
      if (x < x0 || x > x1 || y < y0 || y > y1 || (hidden && hidden[i])) continue;
      ctx.moveTo(x - r, y + r);
      ctx.lineTo(x + r, y - r);
      ctx.moveTo(x - r, y - r);
      ctx.lineTo(x + r, y + r);
    }
    ctx.lineWidth = 2;
    ctx.strokeStyle = dk ? '#141414' : '#ffffff';
    ctx.stroke();
  }
  if (px >= 8) {
    const fontPx = Math.round(R * 0.95 * scale * ratio);
    const unit = 1 / (scale * ratio);
    for (let i = 0; i < xs.length; i++) {
      const x = xs[i]!;
      const y = ys[i]!;
      if (x < x0 || x > x1 || y < y0 || y > y1 || (hidden && hidden[i])) continue;
      const sp = labelSprite(labels, md.labels[i]!, fontPx);
      const w = sp.width * unit;
      const h = sp.height * unit;
      ctx.drawImage(sp, x - w / 2, y - h / 2, w, h);
    }
  }
}

export const SeatCanvas = forwardRef<SeatCanvasHandle, SeatCanvasProps>(function SeatCanvas(props, ref) {
  const { doc, selected, tool, colorBy, levelColors, rowSpec, dark, primary } = props;
  const boxRef = useRef<HTMLDivElement>(null);
  const stageRef = useRef<Konva.Stage>(null);
  const [size, setSize] = useState({ width: 800, height: 600 });
  const view = useRef<View>({ scale: 1, x: 0, y: 0 });
  const drag = useRef<Drag | null>(null);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  const space = useRef(false);
  const fitted = useRef(false);
  const bitmap = useRef<Bitmap | null>(null);
  const labels = useRef<LabelSprites>({ px: 0, sprites: new Map() });
  const wheelUntil = useRef(0);
  const wheelTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const propsRef = useRef(props);
  propsRef.current = props;

  const model = useMemo(() => buildModel(doc, colorBy, levelColors), [doc, colorBy, levelColors]);
  const index = useMemo(() => new SeatIndex(doc.seats), [doc.seats]);
  const selectedIdx = useMemo(() => {
    const out: number[] = [];
    if (selected.size) doc.seats.forEach((s, i) => selected.has(s.key) && out.push(i));
    return Int32Array.from(out);
  }, [doc.seats, selected]);
  const hidden = useMemo(() => {
    const h = new Uint8Array(doc.seats.length);
    for (const i of selectedIdx) h[i] = 1;
    return h;
  }, [doc.seats.length, selectedIdx]);
  const ghost = useMemo<PlacedSeat[]>(() => (rowSpec ? generateRows(rowSpec, 0, 0) : []), [rowSpec]);
  const focusIdx = useMemo(() => (props.focusKey ? doc.seats.findIndex((s) => s.key === props.focusKey) : -1), [doc.seats, props.focusKey]);
  /** Each row's ends (zone and row): where its labels go. */
  const rowEnds = useMemo(() => {
    if (!props.rowLabels) return [];
    const m = new Map<string, { row: string; lx: number; ly: number; rx: number; ry: number }>();
    for (const st of doc.seats) {
      const k = `${st.zone}\u0000${st.row}`;
      const e = m.get(k);
      if (!e) m.set(k, { row: st.row, lx: st.x, ly: st.y, rx: st.x, ry: st.y });
      else {
        if (st.x < e.lx) [e.lx, e.ly] = [st.x, st.y];
        if (st.x > e.rx) [e.rx, e.ry] = [st.x, st.y];
      }
    }
    return [...m.values()];
  }, [doc.seats, props.rowLabels]);

  // What the scene functions read: the latest model without re-creating nodes.
  const scene = useRef({ model, selectedIdx, hidden, ghost, dark, primary, doc, focusIdx, rowEnds });
  scene.current = { model, selectedIdx, hidden, ghost, dark, primary, doc, focusIdx, rowEnds };

  const overlayRef = useRef<Konva.Layer>(null);
  const redraw = () => {
    syncOverlay();
    stageRef.current?.batchDraw();
  };
  /** The overlay layer is shown only when it has something to draw (a pan then repaints one canvas). */
  const syncOverlay = () => {
    const ov = overlayRef.current;
    if (!ov) return;
    const d = drag.current;
    const need =
      scene.current.selectedIdx.length > 0 ||
      scene.current.focusIdx >= 0 ||
      scene.current.rowEnds.length > 0 ||
      propsRef.current.tool === 'row' ||
      d?.kind === 'marquee' ||
      d?.kind === 'move';
    if (ov.visible() !== need) ov.visible(need);
  };
  const applyView = (v: View) => {
    view.current = v;
    const st = stageRef.current;
    if (!st) return;
    syncOverlay();
    st.scale({ x: v.scale, y: v.scale });
    st.position({ x: v.x, y: v.y });
    st.batchDraw();
    propsRef.current.onView?.(v);
  };
  const contentBounds = () => {
    const b = boundsOf(doc.seats);
    const paper = { minX: 0, minY: 0, maxX: doc.width, maxY: doc.height };
    if (!b) return paper;
    return {
      minX: Math.min(b.minX - SEAT_RADIUS, paper.minX),
      minY: Math.min(b.minY - SEAT_RADIUS, paper.minY),
      maxX: Math.max(b.maxX + SEAT_RADIUS, paper.maxX),
      maxY: Math.max(b.maxY + SEAT_RADIUS, paper.maxY),
    };
  };
  const fit = () => {
    const c = contentBounds();
    const v = fitView(c, size);
    const min = (propsRef.current.minSeatPx ?? 0) / (2 * SEAT_RADIUS);
    // Too small to read or click: the least readable zoom instead, from the map's top left (the rest scrolls).
    if (v.scale < min) {
      const margin = 24;
      const w = (c.maxX - c.minX) * min;
      return applyView({ scale: min, x: w + 2 * margin <= size.width ? (size.width - w) / 2 - c.minX * min : margin - c.minX * min, y: margin - c.minY * min });
    }
    applyView(v);
  };

  useImperativeHandle(ref, () => ({
    fit,
    zoomBy: (f) => applyView(zoomAt(view.current, size.width / 2, size.height / 2, f)),
    getView: () => view.current,
    center: () => ({ x: (size.width / 2 - view.current.x) / view.current.scale, y: (size.height / 2 - view.current.y) / view.current.scale }),
  }));

  useLayoutEffect(() => {
    const el = boxRef.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ width: Math.max(100, el.clientWidth), height: Math.max(100, el.clientHeight) }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  // Fit once the real size is known (and again when a map is loaded into an empty designer).
  useEffect(() => {
    if (!fitted.current && boxRef.current && boxRef.current.clientWidth > 0 && size.width === boxRef.current.clientWidth) {
      fitted.current = true;
      fit();
    }
  });
  useEffect(redraw, [model, selectedIdx, ghost, dark, primary, doc.width, doc.height, tool, focusIdx, rowEnds]);
  // The keyboard's seat out of view: the view moves to show it.
  useEffect(() => {
    if (focusIdx < 0) return;
    const v = view.current;
    const sx = model.xs[focusIdx]! * v.scale + v.x;
    const sy = model.ys[focusIdx]! * v.scale + v.y;
    const pad = 2 * SEAT_RADIUS * v.scale + 8;
    if (sx < pad || sy < pad || sx > size.width - pad || sy > size.height - pad)
      applyView({ ...v, x: size.width / 2 - model.xs[focusIdx]! * v.scale, y: size.height / 2 - model.ys[focusIdx]! * v.scale });
  }, [focusIdx]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the keyboard moves

  // Space held: drag pans whatever the tool.
  useEffect(() => {
    const down = (e: KeyboardEvent) => {
      if (e.code === 'Space' && !(e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement)) {
        space.current = true;
        if (boxRef.current) boxRef.current.style.cursor = 'grab';
        e.preventDefault();
      }
    };
    const up = (e: KeyboardEvent) => {
      if (e.code === 'Space') {
        space.current = false;
        if (boxRef.current) boxRef.current.style.cursor = '';
      }
    };
    window.addEventListener('keydown', down);
    window.addEventListener('keyup', up);
    return () => {
      window.removeEventListener('keydown', down);
      window.removeEventListener('keyup', up);
    };
  }, []);

  const toMap = (px: number, py: number) => ({ x: (px - view.current.x) / view.current.scale, y: (py - view.current.y) / view.current.scale });
  // The canvas box is measured when a drag starts and reused while it lasts: measuring on every
  // move could force a layout of the whole page per frame.
  const boxRect = useRef<DOMRect | null>(null);
  const local = (e: { clientX: number; clientY: number }) => {
    const r = (drag.current && boxRect.current) || boxRef.current!.getBoundingClientRect();
    return { x: e.clientX - r.left, y: e.clientY - r.top };
  };

  const onPointerMoveWindow = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const p = local(e);
    if (d.kind === 'pan') applyView({ scale: view.current.scale, x: d.vx + p.x - d.sx, y: d.vy + p.y - d.sy });
    else if (d.kind === 'marquee') {
      const m = toMap(p.x, p.y);
      d.bx = m.x;
      d.by = m.y;
      redraw();
    } else {
      const m = toMap(p.x, p.y);
      d.dx = m.x - d.ax;
      d.dy = m.y - d.ay;
      redraw();
    }
  };
  const onPointerUpWindow = () => {
    window.removeEventListener('pointermove', onPointerMoveWindow);
    window.removeEventListener('pointerup', onPointerUpWindow);
    const d = drag.current;
    drag.current = null;
    if (boxRef.current) boxRef.current.style.cursor = '';
    if (!d) return;
    const p = propsRef.current;
    if (d.kind === 'marquee') {
      const r = rectOf(d.ax, d.ay, d.bx, d.by);
      const picked = index.within(r).map((i) => doc.seats[i]!.key);
      if (picked.length || !d.add) p.onSelect(picked, d.add ? 'add' : 'replace');
      redraw();
    } else if (d.kind === 'move') {
      if (Math.abs(d.dx) > 0.01 || Math.abs(d.dy) > 0.01) p.onMove(d.dx, d.dy);
      redraw();
    }
  };

  const onPointerDown = (ev: Konva.KonvaEventObject<PointerEvent>) => {
    const e = ev.evt;
    const p = local(e);
    const m = toMap(p.x, p.y);
    const startDrag = (d: Drag) => {
      boxRect.current = boxRef.current!.getBoundingClientRect();
      drag.current = d;
      window.addEventListener('pointermove', onPointerMoveWindow);
      window.addEventListener('pointerup', onPointerUpWindow);
    };
    if (e.button === 1 || e.button === 2 || space.current || tool === 'pan') {
      e.preventDefault();
      if (boxRef.current) boxRef.current.style.cursor = 'grabbing';
      startDrag({ kind: 'pan', sx: p.x, sy: p.y, vx: view.current.x, vy: view.current.y });
      return;
    }
    if (e.button !== 0) return;
    if (tool === 'row') {
      props.onPlaceRow(m.x, m.y);
      return;
    }
    const hit = index.at(m.x, m.y, 2 / view.current.scale);
    const additive = e.shiftKey || e.ctrlKey || e.metaKey;
    if (hit >= 0) {
      const key = doc.seats[hit]!.key;
      if (additive) {
        props.onSelect([key], 'toggle');
        return;
      }
      if (!selected.has(key)) props.onSelect([key], 'replace');
      startDrag({ kind: 'move', ax: m.x, ay: m.y, dx: 0, dy: 0 });
      if (boxRef.current) boxRef.current.style.cursor = 'move';
      return;
    }
    startDrag({ kind: 'marquee', ax: m.x, ay: m.y, bx: m.x, by: m.y, add: additive });
  };

  const onPointerMove = (ev: Konva.KonvaEventObject<PointerEvent>) => {
    const p = local(ev.evt);
    pointer.current = toMap(p.x, p.y);
    if (tool === 'row') redraw();
  };

  const onWheel = (ev: Konva.KonvaEventObject<WheelEvent>) => {
    const e = ev.evt;
    e.preventDefault();
    const p = local(e);
    wheelUntil.current = performance.now() + 150;
    applyView(zoomAt(view.current, p.x, p.y, Math.pow(1.0015, -e.deltaY)));
    if (wheelTimer.current) clearTimeout(wheelTimer.current);
    wheelTimer.current = setTimeout(redraw, 160);
  };

  // ------------------------------------------------------------ scene functions

  /** The paper: the map's own area, under the floor plan. */
  const drawPaper = (kctx: Konva.Context) => {
    const ctx = (kctx as unknown as { _context: CanvasRenderingContext2D })._context;
    const { dark: dk, doc: d } = scene.current;
    ctx.fillStyle = dk ? '#1f1f1f' : '#ffffff';
    ctx.fillRect(0, 0, d.width, d.height);
    ctx.lineWidth = 1 / view.current.scale;
    ctx.strokeStyle = dk ? '#424242' : '#d9d9d9';
    ctx.strokeRect(0, 0, d.width, d.height);
  };

  const drawSeats = (kctx: Konva.Context) => {
    const ctx = (kctx as unknown as { _context: CanvasRenderingContext2D })._context;
    const { model: md, hidden: hid, dark: dk, doc: d } = scene.current;
    const v = view.current;
    const st = stageRef.current;
    const w = st ? st.width() : size.width;
    const h = st ? st.height() : size.height;
    const ratio = kctx.getCanvas().getPixelRatio();
    const moving = drag.current?.kind === 'move';
    drawShapes(ctx, d, dk);
    const view0 = {
      x0: -v.x / v.scale - SEAT_RADIUS,
      y0: -v.y / v.scale - SEAT_RADIUS,
      x1: (w - v.x) / v.scale + SEAT_RADIUS,
      y1: (h - v.y) / v.scale + SEAT_RADIUS,
    };
    const mb = md.bounds;
    if (!mb) return;
    // The whole map at this zoom fits in a bitmap of reasonable size: paint it once, then every
    // frame of a pan is one drawImage. While the wheel turns, the last bitmap is scaled (up to
    // twice) and repainted sharp once the wheel rests.
    const pxW = (mb.maxX - mb.minX) * v.scale * ratio;
    const pxH = (mb.maxY - mb.minY) * v.scale * ratio;
    const c = bitmap.current;
    const fresh = c && c.model === md && c.dark === dk && c.moving === moving && c.ratio === ratio;
    const wheeling = performance.now() < wheelUntil.current;
    if (fresh && wheeling && c.scale / v.scale < 2 && v.scale / c.scale < 2) {
      ctx.drawImage(c.canvas, c.minX, c.minY, c.canvas.width / (c.scale * ratio), c.canvas.height / (c.scale * ratio));
      return;
    }
    if (pxW * pxH <= BITMAP_MAX_PIXELS && pxW <= 8192 && pxH <= 8192) {
      if (!fresh || c.scale !== v.scale) {
        const canvas = c?.canvas ?? document.createElement('canvas');
        canvas.width = Math.max(1, Math.ceil(pxW));
        canvas.height = Math.max(1, Math.ceil(pxH));
        const octx = canvas.getContext('2d')!;
        octx.setTransform(v.scale * ratio, 0, 0, v.scale * ratio, -mb.minX * v.scale * ratio, -mb.minY * v.scale * ratio);
        paintSeats(octx, md, moving ? hid : null, dk, v.scale, ratio, { x0: -Infinity, y0: -Infinity, x1: Infinity, y1: Infinity }, labels.current);
        bitmap.current = { canvas, model: md, dark: dk, moving, ratio, scale: v.scale, minX: mb.minX, minY: mb.minY };
      }
      const b = bitmap.current!;
      ctx.drawImage(b.canvas, b.minX, b.minY, b.canvas.width / (b.scale * ratio), b.canvas.height / (b.scale * ratio));
      return;
    }
    // Zoomed in far: paint only the seats in view.
    paintSeats(ctx, md, moving ? hid : null, dk, v.scale, ratio, view0, labels.current);
  };

  const drawOverlay = (kctx: Konva.Context) => {
    const ctx = (kctx as unknown as { _context: CanvasRenderingContext2D })._context;
    const { model: md, selectedIdx: sel, ghost: gh, primary: pr } = scene.current;
    const v = view.current;
    const R = SEAT_RADIUS;
    const d = drag.current;
    const dx = d?.kind === 'move' ? d.dx : 0;
    const dy = d?.kind === 'move' ? d.dy : 0;
    const dk = scene.current.dark;
    const ink = dk ? '#ffffff' : '#141414';
    if (sel.length) {
      // Selected seats: filled in the primary colour, outlined in the text colour just outside their
      // edge (apart from any level colour, in both themes) and, when large enough, a check mark.
      ctx.beginPath();
      for (const i of sel) {
        ctx.moveTo(md.xs[i]! + dx + R, md.ys[i]! + dy);
        ctx.arc(md.xs[i]! + dx, md.ys[i]! + dy, R, 0, TAU);
      }
      ctx.globalAlpha = d?.kind === 'move' ? 0.75 : 1;
      ctx.fillStyle = pr;
      ctx.fill();
      ctx.globalAlpha = 1;
      ctx.beginPath();
      const lw = Math.max(2 / v.scale, R * 0.22);
      const rr = R + lw / 2;
      for (const i of sel) {
        ctx.moveTo(md.xs[i]! + dx + rr, md.ys[i]! + dy);
        ctx.arc(md.xs[i]! + dx, md.ys[i]! + dy, rr, 0, TAU);
      }
      ctx.lineWidth = lw;
      ctx.strokeStyle = ink;
      ctx.stroke();
      if (R * v.scale >= 4) {
        ctx.beginPath();
        for (const i of sel) {
          const x = md.xs[i]! + dx;
          const y = md.ys[i]! + dy;
          ctx.moveTo(x - R * 0.5, y);
          ctx.lineTo(x - R * 0.12, y + R * 0.42);
          ctx.lineTo(x + R * 0.55, y - R * 0.4);
        }
        ctx.lineWidth = R * 0.28;
        ctx.lineCap = 'round';
        ctx.lineJoin = 'round';
        ctx.strokeStyle = '#ffffff';
        ctx.stroke();
        ctx.lineCap = 'butt';
        ctx.lineJoin = 'miter';
      }
    }
    const fi = scene.current.focusIdx;
    if (fi >= 0) {
      // The keyboard's seat: a wide ring in the text colour with a primary ring inside, seen over any seat.
      const x = md.xs[fi]!;
      const y = md.ys[fi]!;
      const lw = Math.max(2.5 / v.scale, R * 0.25);
      ctx.beginPath();
      ctx.arc(x, y, R + lw * 2, 0, TAU);
      ctx.lineWidth = lw;
      ctx.strokeStyle = ink;
      ctx.stroke();
      ctx.beginPath();
      ctx.arc(x, y, R + lw, 0, TAU);
      ctx.lineWidth = lw;
      ctx.strokeStyle = pr;
      ctx.stroke();
    }
    const ends = scene.current.rowEnds;
    if (ends.length && R * v.scale >= 3) {
      // Row labels at both ends of each row, in the text colour, at least 10 pixels high.
      const fs = Math.max(R * 1.1, 10 / v.scale);
      ctx.font = `600 ${fs}px sans-serif`;
      ctx.fillStyle = ink;
      ctx.textBaseline = 'middle';
      for (const e of ends) {
        ctx.textAlign = 'right';
        ctx.fillText(e.row, e.lx - R - fs * 0.4, e.ly);
        ctx.textAlign = 'left';
        ctx.fillText(e.row, e.rx + R + fs * 0.4, e.ry);
      }
      ctx.textAlign = 'start';
      ctx.textBaseline = 'alphabetic';
    }
    if (d?.kind === 'marquee') {
      const r: Rect = rectOf(d.ax, d.ay, d.bx, d.by);
      ctx.fillStyle = pr;
      ctx.globalAlpha = 0.12;
      ctx.fillRect(r.x, r.y, r.width, r.height);
      ctx.globalAlpha = 1;
      ctx.lineWidth = 1 / v.scale;
      ctx.strokeStyle = pr;
      ctx.setLineDash([4 / v.scale, 3 / v.scale]);
      ctx.strokeRect(r.x, r.y, r.width, r.height);
      ctx.setLineDash([]);
    }
    const pt = pointer.current;
    if (gh.length && pt && propsRef.current.tool === 'row') {
      ctx.beginPath();
      for (const s of gh) {
        ctx.moveTo(s.x + pt.x + R, s.y + pt.y);
        ctx.arc(s.x + pt.x, s.y + pt.y, R, 0, TAU);
      }
      ctx.globalAlpha = 0.45;
      ctx.fillStyle = pr;
      ctx.fill();
      ctx.globalAlpha = 1;
    }
  };

  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const bg = doc.background;
  useEffect(() => {
    if (!bg?.url) {
      setImage(null);
      return;
    }
    const img = new window.Image();
    img.onload = () => setImage(img);
    img.src = bg.url;
    return () => {
      img.onload = null;
    };
  }, [bg?.url]);

  return (
    <div
      ref={boxRef}
      className="seatmap-canvas"
      data-testid="seatmap-canvas"
      onContextMenu={(e) => e.preventDefault()}
      style={{ cursor: tool === 'pan' ? 'grab' : tool === 'row' ? 'crosshair' : undefined }}
    >
      <Stage
        ref={stageRef}
        width={size.width}
        height={size.height}
        scaleX={view.current.scale}
        scaleY={view.current.scale}
        x={view.current.x}
        y={view.current.y}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onWheel={onWheel}
      >
        <Layer listening={false}>
          <Shape sceneFunc={drawPaper} listening={false} perfectDrawEnabled={false} />
          {bg && image ? <KImage image={image} x={bg.x} y={bg.y} width={bg.width} height={bg.height} opacity={bg.opacity} listening={false} /> : null}
          <Shape sceneFunc={drawSeats} listening={false} perfectDrawEnabled={false} />
        </Layer>
        <Layer listening={false} ref={overlayRef}>
          <Shape sceneFunc={drawOverlay} listening={false} perfectDrawEnabled={false} />
        </Layer>
      </Stage>
    </div>
  );
});
