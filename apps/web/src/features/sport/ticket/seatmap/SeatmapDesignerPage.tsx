import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useBlocker, useNavigate, useParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  ColorPicker,
  Divider,
  Drawer,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Radio,
  Segmented,
  Select,
  Slider,
  Space,
  Spin,
  Table,
  Tag,
  Tooltip,
  Typography,
  Upload,
  theme,
} from 'antd';
import {
  AimOutlined,
  ArrowLeftOutlined,
  CompressOutlined,
  DeleteOutlined,
  DragOutlined,
  HistoryOutlined,
  PictureOutlined,
  PlusOutlined,
  RedoOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  SaveOutlined,
  SelectOutlined,
  UndoOutlined,
  ZoomInOutlined,
  ZoomOutOutlined,
} from '@ant-design/icons';
import { Perm, SEAT_KINDS, seatmapDocument, type SeatKind, type SeatmapDetail, type SeatmapDocument, type SeatmapSeat } from '@venue/contract';
import { notify } from '../../../../app/notify.ts';
import { success } from '../../../../app/feedback.tsx';
import { useLang, useThemeName } from '../../../../app/prefs.ts';
import { invalidateResource, useCan } from '../../../../kit/index.ts';
import { formatDate } from '../../../../app/format.ts';
import { reactToSaveError } from '../../../../kit/form.ts';
import { SeatCanvas, type ColorBy, type SeatCanvasHandle, type Tool } from './SeatCanvas.tsx';
import {
  DEFAULT_ROW,
  boundsOf,
  generateRows,
  keyMaker,
  nextRowLabel,
  placeClashes,
  rotateSelection,
  toSeats,
  transformSeats,
  type RowSpec,
} from './seatmap.geometry.ts';
import { canRedo, canUndo, isDirty, markSaved, pushState, redo, startHistory, undo, type History } from './seatmap.history.ts';
import { SEATMAP_LIST_PATH, seatmapApi } from './seatmap.api.ts';
import { PALETTE, levelColorsOf, useSeatmapT } from './shared.ts';
import './seatmap.css';

/**
 * The seat-map designer (issue 13, spec ticketManagement/seatMaps: drawSeat, editSeat, zone,
 * uploadImg): one map, drawn on SeatCanvas, saved as a new version with `version` (a stale one is
 * the kit's "changed by someone else, reload?"). Every change is a step of the undo history; the
 * state last saved tells whether leaving must ask first.
 */

const LEVEL_KEY = /^[A-Za-z0-9_-]{1,16}$/;
/** What `ticket/seatmap/image` takes: png or jpg, at most 5 MB. */
const IMAGE_TYPES = ['image/jpeg', 'image/png'];
const IMAGE_MAX = 5 * 1024 * 1024;

const isTyping = (t: EventTarget | null) => t instanceof HTMLElement && (t.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(t.tagName));

/** The paper grows to hold every seat (a document's width and height bound its seats). */
function withPaper(doc: SeatmapDocument): SeatmapDocument {
  const b = boundsOf(doc.seats);
  if (!b) return doc;
  const width = Math.max(doc.width, Math.ceil(b.maxX + 60));
  const height = Math.max(doc.height, Math.ceil(b.maxY + 60));
  return width === doc.width && height === doc.height ? doc : { ...doc, width, height };
}

export default function SeatmapDesignerPage() {
  const { seatmapId } = useParams();
  const id = Number(seatmapId);
  const t = useSeatmapT();
  const detail = useQuery({
    queryKey: ['seatmap', 'detail', id],
    queryFn: () => seatmapApi.get(id),
    enabled: Number.isInteger(id) && id > 0,
    gcTime: 0,
    refetchOnWindowFocus: false,
  });
  if (detail.isError) return <Alert type="error" showIcon title={t('seatmap')} description={String((detail.error as Error).message)} />;
  if (!detail.data) return <Spin style={{ display: 'block', margin: '120px auto' }} />;
  return <Designer key={`${detail.data.id}:${detail.data.version}:${detail.dataUpdatedAt}`} map={detail.data} reload={() => detail.refetch()} />;
}

function Designer({ map, reload }: { map: SeatmapDetail; reload: () => unknown }) {
  const t = useSeatmapT();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const can = useCan();
  const { token } = theme.useToken();
  const dark = useThemeName() === 'dark';
  const canvas = useRef<SeatCanvasHandle>(null);
  const [form] = Form.useForm<{ name: string }>();
  const [hist, setHist] = useState<History<SeatmapDocument>>(() => startHistory(map.document));
  const [version, setVersion] = useState(map.version);
  const [savedName, setSavedName] = useState(map.name);
  const name = Form.useWatch('name', form) ?? map.name;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [tool, setTool] = useState<Tool>('select');
  const [colorBy, setColorBy] = useState<ColorBy>('zone');
  const [rowSpec, setRowSpec] = useState<RowSpec>(DEFAULT_ROW);
  const [zoneKey, setZoneKey] = useState<string | null>(map.document.zones[0]?.key ?? null);
  const [levelInput, setLevelInput] = useState('A');
  const [saving, setSaving] = useState(false);
  const [versionsOpen, setVersionsOpen] = useState(false);
  // The zoom shown in the toolbar: written straight into the button (a pan or zoom frame re-renders nothing).
  const zoomText = useRef<HTMLSpanElement>(null);
  const doc = hist.present;
  const dirty = isDirty(hist) || name !== savedName;
  const editable = can(Perm.ticket.seatmap);

  const commit = useCallback((fn: (d: SeatmapDocument) => SeatmapDocument) => setHist((h) => pushState(h, fn(h.present))), []);
  const levelKeys = useMemo(() => [...new Set(doc.seats.map((s) => s.levelKey).filter((k): k is string => !!k))].sort(), [doc.seats]);
  const levelColors = useMemo(() => levelColorsOf(levelKeys), [levelKeys]);
  const selectedSeats = useMemo(() => (selected.size ? doc.seats.filter((s) => selected.has(s.key)) : []), [doc.seats, selected]);
  // Keys of seats that no longer exist (undo, delete) leave the selection.
  useEffect(() => {
    if (selected.size && selectedSeats.length !== selected.size) setSelected(new Set(selectedSeats.map((s) => s.key)));
  }, [selected, selectedSeats]);
  useEffect(() => {
    if (zoneKey && !doc.zones.some((z) => z.key === zoneKey)) setZoneKey(doc.zones[0]?.key ?? null);
    else if (!zoneKey && doc.zones[0]) setZoneKey(doc.zones[0].key);
  }, [doc.zones, zoneKey]);

  // ------------------------------------------------------------ edits

  const select = (keys: string[], mode: 'replace' | 'add' | 'toggle') =>
    setSelected((cur) => {
      if (mode === 'replace') return new Set(keys);
      const next = new Set(cur);
      for (const k of keys) {
        if (mode === 'toggle' && next.has(k)) next.delete(k);
        else next.add(k);
      }
      return next;
    });
  const updateSelected = (fn: (s: SeatmapSeat) => SeatmapSeat) => {
    if (!selected.size) return;
    commit((d) => ({ ...d, seats: d.seats.map((s) => (selected.has(s.key) ? fn(s) : s)) }));
  };
  const move = (dx: number, dy: number) => commit((d) => withPaper({ ...d, seats: transformSeats(d.seats, selected, { dx, dy }) }));
  const rotate = (deg: number) => selected.size && commit((d) => withPaper({ ...d, seats: rotateSelection(d.seats, selected, deg) }));
  const removeSelected = () => {
    if (!selected.size) return;
    commit((d) => ({ ...d, seats: d.seats.filter((s) => !selected.has(s.key)) }));
    setSelected(new Set());
  };
  const setKind = (kind: SeatKind) => updateSelected((s) => ({ ...s, kind }));
  const assignLevel = (key: string | null) => updateSelected((s) => ({ ...s, levelKey: key }));

  const placeRows = (x: number, y: number) => {
    if (!zoneKey) {
      notify.warning(t('zone.none'));
      return;
    }
    const added = toSeats(
      generateRows(rowSpec, x, y),
      zoneKey,
      doc.seats.map((s) => s.key),
    );
    const clashes = placeClashes(doc.seats, added);
    if (clashes.length) {
      notify.warning(t('row.clash', { n: clashes.length, row: clashes[0]!.row, no: clashes[0]!.no }));
      return;
    }
    commit((d) => withPaper({ ...d, seats: [...d.seats, ...added] }));
    setSelected(new Set(added.map((s) => s.key)));
    setRowSpec((r) => ({ ...r, rowLabel: nextRowLabel(r.rowLabel, r.rows * r.rowLabelStep) }));
    setTool('select');
    success(t('row.added', { n: added.length }));
  };

  const addZone = () => {
    const key = keyMaker(
      'z',
      doc.zones.map((z) => z.key),
    )();
    const n = doc.zones.length + 1;
    commit((d) => ({ ...d, zones: [...d.zones, { key, name: t('zone.newName', { n }), color: PALETTE[(n - 1) % PALETTE.length]! }] }));
    setZoneKey(key);
  };
  const editZone = (key: string, patch: { name?: string; color?: string }) =>
    commit((d) => ({ ...d, zones: d.zones.map((z) => (z.key === key ? { ...z, ...patch } : z)) }));
  const removeZone = (key: string) => commit((d) => ({ ...d, zones: d.zones.filter((z) => z.key !== key), seats: d.seats.filter((s) => s.zone !== key) }));

  const doUndo = () => setHist(undo);
  const doRedo = () => setHist(redo);

  // ------------------------------------------------------------ save

  const save = async () => {
    let values: { name: string };
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const document = withPaper(doc);
    const parsed = seatmapDocument.safeParse(document);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const known = ['duplicatePlace', 'duplicateSeat', 'unknownZone', 'duplicateZone'].find((k) => issue.message === `seatmap.${k}`);
      notify.error(t('invalid', { problem: known ? t.dynamic('problem', known) : t('problem.other', { path: issue.path.join('.'), message: issue.message }) }));
      const at = issue.path[0] === 'seats' && typeof issue.path[1] === 'number' ? document.seats[issue.path[1]] : undefined;
      if (at) setSelected(new Set([at.key]));
      return;
    }
    setSaving(true);
    try {
      const row = await seatmapApi.save(map.id, { ...(values.name !== savedName ? { name: values.name } : {}), document, version });
      setVersion(row.version);
      setSavedName(row.name);
      setHist((h) => markSaved(h, document === h.present ? h.present : pushState(h, document).present));
      void invalidateResource('seatmap');
      void qc.invalidateQueries({ queryKey: ['seatmap', 'versions', map.id] });
      success(t('saved', { version: row.version }));
    } catch (err) {
      await reactToSaveError(form, err, { reload });
    } finally {
      setSaving(false);
    }
  };

  // ------------------------------------------------------------ leaving with unsaved changes

  const blocker = useBlocker(({ currentLocation, nextLocation }) => dirty && currentLocation.pathname !== nextLocation.pathname);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  // ------------------------------------------------------------ keyboard

  const keys = useRef<(e: KeyboardEvent) => void>(() => {});
  keys.current = (e: KeyboardEvent) => {
    // Keys typed into a field, or pressed in a dialog or drawer, are theirs.
    if (isTyping(e.target) || (e.target instanceof Element && e.target.closest('.ant-modal-root, .ant-modal-wrap, .ant-drawer, .ant-popover'))) return;
    const mod = e.ctrlKey || e.metaKey;
    const k = e.key.toLowerCase();
    if (mod && k === 'z') {
      e.preventDefault();
      if (e.shiftKey) doRedo();
      else doUndo();
    } else if (mod && k === 'y') {
      e.preventDefault();
      doRedo();
    } else if (mod && k === 's') {
      e.preventDefault();
      void save();
    } else if (mod && k === 'a') {
      e.preventDefault();
      setSelected(new Set(doc.seats.map((s) => s.key)));
    } else if (k === 'delete' || k === 'backspace') {
      if (selected.size) {
        e.preventDefault();
        removeSelected();
      }
    } else if (k === 'escape') {
      if (tool !== 'select') setTool('select');
      else setSelected(new Set());
    } else if (k.startsWith('arrow') && selected.size) {
      e.preventDefault();
      const step = e.shiftKey ? 10 : 1;
      move(k === 'arrowleft' ? -step : k === 'arrowright' ? step : 0, k === 'arrowup' ? -step : k === 'arrowdown' ? step : 0);
    } else if (k === 'r' && !mod && selected.size) rotate(e.shiftKey ? -15 : 15);
  };
  useEffect(() => {
    const on = (e: KeyboardEvent) => keys.current(e);
    window.addEventListener('keydown', on);
    return () => window.removeEventListener('keydown', on);
  }, []);

  // ------------------------------------------------------------ floor plan

  const uploadImage = async (file: File) => {
    if (!IMAGE_TYPES.includes(file.type)) {
      notify.error(t('background.badType'));
      return;
    }
    if (file.size > IMAGE_MAX) {
      notify.error(t('background.tooBig'));
      return;
    }
    const { url } = await seatmapApi.uploadImage(file);
    const img = new window.Image();
    img.onload = () => {
      const ratio = img.naturalHeight / Math.max(1, img.naturalWidth);
      commit((d) => ({ ...d, background: { url, x: 0, y: 0, width: d.width, height: Math.round(d.width * ratio), opacity: 0.5 } }));
    };
    img.onerror = () => commit((d) => ({ ...d, background: { url, x: 0, y: 0, width: d.width, height: d.height, opacity: 0.5 } }));
    img.src = url;
  };

  // ------------------------------------------------------------ layout

  const zoneCounts = useMemo(() => {
    const m = new Map<string, number>();
    for (const s of doc.seats) m.set(s.zone, (m.get(s.zone) ?? 0) + 1);
    return m;
  }, [doc.seats]);
  const levelCounts = useMemo(() => {
    const m = new Map<string, number>();
    for (const s of doc.seats) if (s.levelKey) m.set(s.levelKey, (m.get(s.levelKey) ?? 0) + 1);
    return m;
  }, [doc.seats]);
  const kindCounts = useMemo(() => {
    const m = new Map<string, number>();
    for (const s of doc.seats) if (s.kind !== 'normal') m.set(s.kind, (m.get(s.kind) ?? 0) + 1);
    return m;
  }, [doc.seats]);
  const one = selectedSeats.length === 1 ? selectedSeats[0]! : null;
  const selKind = selectedSeats.length && selectedSeats.every((s) => s.kind === selectedSeats[0]!.kind) ? selectedSeats[0]!.kind : undefined;

  const num = (field: keyof RowSpec, min: number, max: number, step = 1) => (
    <InputNumber
      size="small"
      id={`seatmap-row_${field}`}
      min={min}
      max={max}
      step={step}
      value={rowSpec[field] as number}
      onChange={(v) => v !== null && setRowSpec((r) => ({ ...r, [field]: v }))}
      style={{ width: '100%' }}
    />
  );

  return (
    <div className="seatmap-designer" data-testid="seatmap-designer" data-seats={doc.seats.length} data-version={version} data-dirty={dirty ? '1' : '0'}>
      <Form form={form} initialValues={{ name: map.name }} component={false}>
        <div className="seatmap-toolbar">
          <Tooltip title={t('back')}>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(SEATMAP_LIST_PATH)} data-testid="seatmap-back" />
          </Tooltip>
          <Form.Item name="name" rules={[{ required: true, whitespace: true, max: 64 }]} style={{ margin: 0 }}>
            <Input id="seatmap-form_name" style={{ width: 200 }} maxLength={64} placeholder={t('field.name')} />
          </Form.Item>
          <Tag color="blue" data-testid="seatmap-version">
            {t('versionN', { version })}
          </Tag>
          {dirty ? <Tag color="orange">{t('unsaved')}</Tag> : null}
          <Divider orientation="vertical" />
          <Segmented<Tool>
            value={tool}
            onChange={setTool}
            data-testid="seatmap-tool"
            options={[
              {
                value: 'select',
                label: (
                  <span data-testid="seatmap-tool-select">
                    <SelectOutlined /> {t('tool.select')}
                  </span>
                ),
              },
              {
                value: 'pan',
                label: (
                  <span data-testid="seatmap-tool-pan">
                    <DragOutlined /> {t('tool.pan')}
                  </span>
                ),
              },
              {
                value: 'row',
                label: (
                  <span data-testid="seatmap-tool-row">
                    <PlusOutlined /> {t('tool.row')}
                  </span>
                ),
                disabled: !editable || !zoneKey,
              },
            ]}
          />
          <Space.Compact>
            <Tooltip title={t('zoomOut')}>
              <Button icon={<ZoomOutOutlined />} onClick={() => canvas.current?.zoomBy(1 / 1.25)} data-testid="seatmap-zoom-out" />
            </Tooltip>
            <Button style={{ width: 64 }} onClick={() => canvas.current?.fit()} data-testid="seatmap-zoom">
              <span ref={zoomText}>100%</span>
            </Button>
            <Tooltip title={t('zoomIn')}>
              <Button icon={<ZoomInOutlined />} onClick={() => canvas.current?.zoomBy(1.25)} data-testid="seatmap-zoom-in" />
            </Tooltip>
            <Tooltip title={t('fit')}>
              <Button icon={<CompressOutlined />} onClick={() => canvas.current?.fit()} data-testid="seatmap-fit" />
            </Tooltip>
          </Space.Compact>
          <Space.Compact>
            <Tooltip title={`${t('undo')} (Ctrl+Z)`}>
              <Button icon={<UndoOutlined />} disabled={!canUndo(hist)} onClick={doUndo} data-testid="seatmap-undo" />
            </Tooltip>
            <Tooltip title={`${t('redo')} (Ctrl+Shift+Z)`}>
              <Button icon={<RedoOutlined />} disabled={!canRedo(hist)} onClick={doRedo} data-testid="seatmap-redo" />
            </Tooltip>
          </Space.Compact>
          <span className="seatmap-toolbar-gap" />
          <Button icon={<HistoryOutlined />} onClick={() => setVersionsOpen(true)} data-testid="seatmap-versions">
            {t('versions')}
          </Button>
          {editable ? (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="seatmap-save">
              {t('save')}
            </Button>
          ) : null}
        </div>
      </Form>
      <div className="seatmap-body">
        <div className="seatmap-stage">
          <SeatCanvas
            ref={canvas}
            doc={doc}
            selected={selected}
            tool={tool}
            colorBy={colorBy}
            levelColors={levelColors}
            rowSpec={tool === 'row' ? rowSpec : null}
            dark={dark}
            primary={token.colorPrimary}
            onSelect={select}
            onMove={move}
            onPlaceRow={placeRows}
            onView={(v) => {
              const text = `${Math.round(v.scale * 100)}%`;
              if (zoomText.current && zoomText.current.textContent !== text) zoomText.current.textContent = text;
            }}
          />
          <div className="seatmap-status">
            <span data-testid="seatmap-count">{t('seatsN', { n: doc.seats.length })}</span>
            <span>{selected.size ? t('selectedN', { n: selected.size }) : tool === 'row' ? t('row.placing') : t('noSelection')}</span>
          </div>
        </div>
        <div className="seatmap-panel">
          <Panel
            title={t('zone.title')}
            extra={
              editable ? (
                <Button size="small" icon={<PlusOutlined />} onClick={addZone} data-testid="seatmap-zone-add">
                  {t('zone.add')}
                </Button>
              ) : null
            }
          >
            {doc.zones.length ? (
              <Radio.Group value={zoneKey} onChange={(e) => setZoneKey(e.target.value as string)} style={{ width: '100%' }}>
                {doc.zones.map((z) => (
                  <div className="seatmap-zone" key={z.key} data-testid={`seatmap-zone-${z.key}`}>
                    <Radio value={z.key} aria-label={t('zone.current')} />
                    <ColorPicker
                      size="small"
                      value={z.color}
                      disabledAlpha
                      onChangeComplete={(c) => editZone(z.key, { color: c.toHexString().slice(0, 7) })}
                      disabled={!editable}
                    />
                    <Input
                      key={`${z.key}:${z.name}`}
                      size="small"
                      defaultValue={z.name}
                      maxLength={32}
                      aria-label={t('zone.name')}
                      data-testid={`seatmap-zone-name-${z.key}`}
                      disabled={!editable}
                      onBlur={(e) => e.target.value.trim() && e.target.value.trim() !== z.name && editZone(z.key, { name: e.target.value.trim() })}
                      onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
                    />
                    <Typography.Text type="secondary" className="seatmap-count" data-testid={`seatmap-zone-count-${z.key}`}>
                      {zoneCounts.get(z.key) ?? 0}
                    </Typography.Text>
                    {editable ? (
                      <Popconfirm
                        title={t('zone.remove')}
                        description={zoneCounts.get(z.key) ? t('zone.removeHint', { n: zoneCounts.get(z.key) }) : undefined}
                        onConfirm={() => removeZone(z.key)}
                      >
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('zone.remove')} />
                      </Popconfirm>
                    ) : null}
                  </div>
                ))}
              </Radio.Group>
            ) : (
              <Typography.Text type="secondary">{t('zone.none')}</Typography.Text>
            )}
          </Panel>

          {editable ? (
            <Panel title={t('row.title')}>
              <div className="seatmap-grid">
                <label>{t('row.shape')}</label>
                <Segmented<'straight' | 'arc'>
                  size="small"
                  block
                  value={rowSpec.shape}
                  onChange={(v) => setRowSpec((r) => ({ ...r, shape: v }))}
                  options={[
                    { value: 'straight', label: t('row.straight') },
                    { value: 'arc', label: t('row.arc') },
                  ]}
                  data-testid="seatmap-row-shape"
                />
                <label htmlFor="seatmap-row_count">{t('row.count')}</label>
                {num('count', 1, 200)}
                <label htmlFor="seatmap-row_spacing">{t('row.spacing')}</label>
                {num('spacing', 12, 200)}
                {rowSpec.shape === 'arc' ? (
                  <>
                    <label htmlFor="seatmap-row_radius">{t('row.radius')}</label>
                    {num('radius', 40, 20000, 10)}
                  </>
                ) : null}
                <label htmlFor="seatmap-row_rows">{t('row.rows')}</label>
                {num('rows', 1, 100)}
                <label htmlFor="seatmap-row_rowGap">{t('row.rowGap')}</label>
                {num('rowGap', 12, 400)}
                <label htmlFor="seatmap-row_countStep">{t('row.countStep')}</label>
                {num('countStep', -20, 20)}
                <label htmlFor="seatmap-row_rowLabel">{t('row.rowLabel')}</label>
                <Space.Compact>
                  <Input
                    size="small"
                    id="seatmap-row_rowLabel"
                    value={rowSpec.rowLabel}
                    maxLength={8}
                    onChange={(e) => setRowSpec((r) => ({ ...r, rowLabel: e.target.value.trim() || '1' }))}
                  />
                  <Select<1 | -1>
                    size="small"
                    aria-label={t('row.rowLabelStep')}
                    value={rowSpec.rowLabelStep}
                    onChange={(v) => setRowSpec((r) => ({ ...r, rowLabelStep: v }))}
                    options={[
                      { value: 1, label: t('row.up') },
                      { value: -1, label: t('row.down') },
                    ]}
                    style={{ width: 84 }}
                  />
                </Space.Compact>
                <label htmlFor="seatmap-row_startNo">{t('row.startNo')}</label>
                {num('startNo', 0, 9999)}
                <label>{t('row.noStep')}</label>
                <Segmented<1 | 2>
                  size="small"
                  block
                  value={rowSpec.noStep}
                  onChange={(v) => setRowSpec((r) => ({ ...r, noStep: v }))}
                  options={[
                    { value: 1, label: t('row.consecutive') },
                    { value: 2, label: t('row.oddEven') },
                  ]}
                />
                <label>{t('row.direction')}</label>
                <Segmented<'ltr' | 'rtl'>
                  size="small"
                  block
                  value={rowSpec.direction}
                  onChange={(v) => setRowSpec((r) => ({ ...r, direction: v }))}
                  options={[
                    { value: 'ltr', label: t('row.ltr') },
                    { value: 'rtl', label: t('row.rtl') },
                  ]}
                />
                <label htmlFor="seatmap-row_angle">{t('row.angle')}</label>
                {num('angle', -180, 180, 5)}
              </div>
              <Space style={{ marginTop: 8 }} wrap>
                <Button
                  size="small"
                  type={tool === 'row' ? 'primary' : 'default'}
                  icon={<AimOutlined />}
                  disabled={!zoneKey}
                  onClick={() => setTool(tool === 'row' ? 'select' : 'row')}
                  data-testid="seatmap-row-place"
                >
                  {t('row.place')}
                </Button>
                <Button
                  size="small"
                  disabled={!zoneKey}
                  onClick={() => {
                    const c = canvas.current?.center();
                    if (c) placeRows(Math.round(c.x), Math.round(c.y));
                  }}
                  data-testid="seatmap-row-center"
                >
                  {t('row.placeCenter')}
                </Button>
              </Space>
            </Panel>
          ) : null}

          <Panel title={selected.size ? t('selectedN', { n: selected.size }) : t('selection.title')} testId="seatmap-selection">
            {one ? (
              <div className="seatmap-grid">
                <label>{t('zone.title')}</label>
                <Typography.Text>{doc.zones.find((z) => z.key === one.zone)?.name ?? one.zone}</Typography.Text>
                <label htmlFor="seatmap-seat_row">{t('seat.row')}</label>
                <Input
                  key={`r:${one.key}:${one.row}`}
                  id="seatmap-seat_row"
                  size="small"
                  defaultValue={one.row}
                  maxLength={16}
                  disabled={!editable}
                  data-testid="seatmap-seat-row"
                  onBlur={(e) => e.target.value.trim() !== one.row && updateSelected((s) => ({ ...s, row: e.target.value.trim() }))}
                  onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
                />
                <label htmlFor="seatmap-seat_no">{t('seat.no')}</label>
                <Input
                  key={`n:${one.key}:${one.no}`}
                  id="seatmap-seat_no"
                  size="small"
                  defaultValue={one.no}
                  maxLength={16}
                  disabled={!editable}
                  data-testid="seatmap-seat-no"
                  onBlur={(e) => e.target.value.trim() !== one.no && updateSelected((s) => ({ ...s, no: e.target.value.trim() }))}
                  onPressEnter={(e) => (e.target as HTMLInputElement).blur()}
                />
              </div>
            ) : null}
            <div className="seatmap-field">
              <Typography.Text type="secondary">{t('kind.title')}</Typography.Text>
              <Select<SeatKind>
                size="small"
                aria-label={t('kind.title')}
                value={selKind}
                disabled={!selected.size || !editable}
                onChange={setKind}
                style={{ width: '100%' }}
                data-testid="seatmap-kind"
                placeholder="—"
                options={SEAT_KINDS.map((k) => ({ value: k, label: t(`kind.${k}`) }))}
              />
            </div>
            <div className="seatmap-field">
              <Typography.Text type="secondary">{t('level.title')}</Typography.Text>
              <Space.Compact style={{ width: '100%' }}>
                <Input
                  size="small"
                  value={levelInput}
                  maxLength={16}
                  onChange={(e) => setLevelInput(e.target.value.trim())}
                  status={levelInput && !LEVEL_KEY.test(levelInput) ? 'error' : undefined}
                  aria-label={t('level.key')}
                  id="seatmap-level-key"
                />
                <Button
                  size="small"
                  type="primary"
                  disabled={!selected.size || !editable || !LEVEL_KEY.test(levelInput)}
                  onClick={() => assignLevel(levelInput)}
                  data-testid="seatmap-level-assign"
                >
                  {t('level.assign')}
                </Button>
                <Button size="small" disabled={!selected.size || !editable} onClick={() => assignLevel(null)} data-testid="seatmap-level-clear">
                  {t('level.clear')}
                </Button>
              </Space.Compact>
              {levelInput && !LEVEL_KEY.test(levelInput) ? <Typography.Text type="danger">{t('level.badKey')}</Typography.Text> : null}
            </div>
            <Space wrap style={{ marginTop: 8 }}>
              <Tooltip title={`${t('selection.rotate')} −15° (Shift+R)`}>
                <Button
                  size="small"
                  icon={<RotateLeftOutlined />}
                  disabled={!selected.size || !editable}
                  onClick={() => rotate(-15)}
                  data-testid="seatmap-rotate-left"
                />
              </Tooltip>
              <Tooltip title={`${t('selection.rotate')} +15° (R)`}>
                <Button
                  size="small"
                  icon={<RotateRightOutlined />}
                  disabled={!selected.size || !editable}
                  onClick={() => rotate(15)}
                  data-testid="seatmap-rotate-right"
                />
              </Tooltip>
              <Button
                size="small"
                danger
                icon={<DeleteOutlined />}
                disabled={!selected.size || !editable}
                onClick={removeSelected}
                data-testid="seatmap-delete"
              >
                {t('selection.delete')}
              </Button>
              {zoneKey && selectedSeats.some((s) => s.zone !== zoneKey) && editable ? (
                <Button size="small" onClick={() => updateSelected((s) => ({ ...s, zone: zoneKey }))} data-testid="seatmap-move-zone">
                  {t('zone.moveHere')}
                </Button>
              ) : null}
              <Button size="small" type="link" disabled={!doc.seats.length} onClick={() => setSelected(new Set(doc.seats.map((s) => s.key)))}>
                {t('selection.all')}
              </Button>
            </Space>
          </Panel>

          <Panel
            title={t('level.title')}
            testId="seatmap-levels"
            extra={
              <Segmented<ColorBy>
                size="small"
                value={colorBy}
                onChange={setColorBy}
                options={[
                  { value: 'zone', label: t('level.byZone') },
                  { value: 'level', label: t('level.byLevel') },
                ]}
                data-testid="seatmap-color-by"
              />
            }
          >
            {levelKeys.length ? (
              <div className="seatmap-legend">
                {levelKeys.map((k) => (
                  <Tag key={k} data-testid={`seatmap-level-${k}`} data-count={levelCounts.get(k)}>
                    <span className="seatmap-dot" style={{ background: levelColors.get(k) }} />
                    {k} · {levelCounts.get(k)}
                  </Tag>
                ))}
              </div>
            ) : (
              <Typography.Text type="secondary">{t('level.none')}</Typography.Text>
            )}
            {kindCounts.size ? (
              <div className="seatmap-legend" style={{ marginTop: 8 }}>
                {[...kindCounts].map(([k, n]) => (
                  <Tag key={k} data-testid={`seatmap-kind-${k}`} data-count={n}>
                    {t.dynamic('kind', k)} · {n}
                  </Tag>
                ))}
              </div>
            ) : null}
          </Panel>

          <Panel title={t('background.title')}>
            {editable ? (
              <Space wrap>
                <Upload
                  accept={IMAGE_TYPES.join(',')}
                  showUploadList={false}
                  beforeUpload={(file) => {
                    void uploadImage(file);
                    return false;
                  }}
                >
                  <Button size="small" icon={<PictureOutlined />} data-testid="seatmap-upload">
                    {t('background.upload')}
                  </Button>
                </Upload>
                {doc.background ? (
                  <Button size="small" danger onClick={() => commit((d) => ({ ...d, background: null }))}>
                    {t('background.remove')}
                  </Button>
                ) : null}
              </Space>
            ) : null}
            {doc.background ? (
              <div className="seatmap-field">
                <Typography.Text type="secondary">{t('background.opacity')}</Typography.Text>
                <Slider
                  min={0.05}
                  max={1}
                  step={0.05}
                  defaultValue={doc.background.opacity}
                  key={doc.background.url + doc.background.opacity}
                  disabled={!editable}
                  onChangeComplete={(v: number) => commit((d) => (d.background ? { ...d, background: { ...d.background, opacity: v } } : d))}
                />
              </div>
            ) : null}
          </Panel>
        </div>
      </div>
      <VersionsDrawer id={map.id} current={version} open={versionsOpen} onClose={() => setVersionsOpen(false)} />
      <Modal
        open={blocker.state === 'blocked'}
        title={t('leaveTitle')}
        okText={t('leave')}
        cancelText={t('stay')}
        okButtonProps={{ danger: true, ...({ 'data-testid': 'seatmap-leave' } as Record<string, string>) }}
        cancelButtonProps={{ ...({ 'data-testid': 'seatmap-stay' } as Record<string, string>) }}
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {t('leaveHint')}
      </Modal>
    </div>
  );
}

function Panel({ title, extra, children, testId }: { title: ReactNode; extra?: ReactNode; children: ReactNode; testId?: string }) {
  return (
    <section className="seatmap-section" data-testid={testId}>
      <div className="seatmap-section-head">
        <Typography.Text strong>{title}</Typography.Text>
        {extra}
      </div>
      {children}
    </section>
  );
}

function VersionsDrawer({ id, current, open, onClose }: { id: number; current: number; open: boolean; onClose: () => void }) {
  const t = useSeatmapT();
  const lang = useLang();
  const versions = useQuery({ queryKey: ['seatmap', 'versions', id], queryFn: () => seatmapApi.versions(id), enabled: open });
  return (
    <Drawer open={open} onClose={onClose} title={t('versions')} size={460} destroyOnHidden>
      <Table
        size="small"
        rowKey="version"
        data-testid="seatmap-versions-table"
        loading={versions.isFetching}
        dataSource={versions.data ?? []}
        pagination={false}
        columns={[
          {
            key: 'version',
            title: t('field.version'),
            dataIndex: 'version',
            render: (v: number) =>
              v === current ? (
                <Space>
                  {t('versionN', { version: v })}
                  <Tag color="blue">{t('current')}</Tag>
                </Space>
              ) : (
                t('versionN', { version: v })
              ),
          },
          { key: 'seatCount', title: t('field.seatCount'), dataIndex: 'seatCount', align: 'right' },
          { key: 'createdBy', title: t('createdBy'), dataIndex: 'createdBy' },
          { key: 'createTime', title: t('createTime'), dataIndex: 'createTime', render: (v: string) => formatDate(v, lang) },
        ]}
      />
    </Drawer>
  );
}
