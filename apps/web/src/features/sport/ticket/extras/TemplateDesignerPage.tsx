import { useEffect, useMemo, useRef, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  ColorPicker,
  Empty,
  Form,
  Input,
  InputNumber,
  Modal,
  Radio,
  Segmented,
  Select,
  Skeleton,
  Space,
  Typography,
  Upload,
} from 'antd';
import {
  ArrowLeftOutlined,
  DeleteOutlined,
  EyeOutlined,
  FontSizeOutlined,
  PictureOutlined,
  PrinterOutlined,
  QrcodeOutlined,
  SaveOutlined,
  TagOutlined,
} from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { QRCodeCanvas } from 'qrcode.react';
import type Konva from 'konva';
import { Group, Image as KImage, Layer, Rect, Stage, Text as KText, Transformer } from 'react-konva';
import { TEMPLATE_MAX_MM, TEMPLATE_MIN_MM, TEMPLATE_QR_MIN_MM, templateProblems, type TicketTemplateElement, type TicketTemplateRow } from '@venue/contract';
import { success } from '../../../../app/feedback.tsx';
import { notify } from '../../../../app/notify.ts';
import { http } from '../../../../app/request.ts';
import { useTabLabel } from '../../../../app/tabs.ts';
import { reactToSaveError } from '../../../../kit/form.ts';
import { useLabelT, invalidateResource } from '../../../../kit/index.ts';
import { TicketFace, elementText, type TicketLayout } from './TicketFace.tsx';
import { NS, TEMPLATE_LIST_PATH, kindOptions, templateFieldOptions, templatePrintPath, ticketPath, useExtrasT, useSampleData } from './shared.tsx';

/**
 * The ticket template designer (issue 13, spec ticketManagement/ticketTemplate): the page drawn to
 * scale on a Konva stage; QR codes, data fields and free text added, dragged into place and resized
 * (snapped to half millimetres, kept inside the page); the selected element's and the page's
 * settings in the side panel; Preview shows it as it prints (a real QR code, sample data); Save
 * stores it with its version (someone else's save first: offered to reload).
 */

/** Screen pixels per millimetre at zoom 1. */
const PX = 5;
const snap = (v: number) => Math.round(v * 2) / 2;
const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

type Draft = Pick<TicketTemplateRow, 'name' | 'kind' | 'widthMm' | 'heightMm' | 'backgroundColor' | 'backgroundUrl'> & { elements: TicketTemplateElement[] };

function nextKey(elements: readonly TicketTemplateElement[], base: string): string {
  for (let i = 1; ; i++) if (!elements.some((e) => e.key === `${base}${i}`)) return `${base}${i}`;
}

/** One element on the stage: a QR code (its image) or a text box, draggable inside the page. */
function StageElement({
  e,
  data,
  qr,
  zoom,
  selected,
  page,
  onSelect,
  onChange,
  nodeRef,
}: {
  e: TicketTemplateElement;
  data: ReturnType<typeof useSampleData>;
  qr: HTMLCanvasElement | null;
  zoom: number;
  selected: boolean;
  page: { widthMm: number; heightMm: number };
  onSelect: () => void;
  onChange: (next: TicketTemplateElement) => void;
  nodeRef: (n: Konva.Group | null) => void;
}) {
  const k = PX * zoom;
  return (
    <Group
      ref={nodeRef}
      name={`el-${e.key}`}
      x={e.x * k}
      y={e.y * k}
      draggable
      onMouseDown={onSelect}
      onTap={onSelect}
      dragBoundFunc={(pos) => pos}
      onDragEnd={(ev) => {
        const x = clamp(snap(ev.target.x() / k), 0, page.widthMm - e.width);
        const y = clamp(snap(ev.target.y() / k), 0, page.heightMm - e.height);
        ev.target.position({ x: x * k, y: y * k });
        onChange({ ...e, x, y });
      }}
      onTransformEnd={(ev) => {
        const n = ev.target;
        const sx = n.scaleX();
        const sy = n.scaleY();
        n.scale({ x: 1, y: 1 });
        let width = snap(Math.max(1, e.width * sx));
        let height = snap(Math.max(1, e.height * sy));
        if (e.type === 'qr') width = height = Math.max(TEMPLATE_QR_MIN_MM, Math.min(width, height));
        const x = clamp(snap(n.x() / k), 0, page.widthMm - 1);
        const y = clamp(snap(n.y() / k), 0, page.heightMm - 1);
        width = Math.min(width, page.widthMm - x);
        height = Math.min(height, page.heightMm - y);
        onChange({ ...e, x, y, width, height });
      }}
    >
      <Rect
        width={e.width * k}
        height={e.height * k}
        stroke={selected ? '#1677ff' : '#bfbfbf'}
        dash={selected ? undefined : [4, 3]}
        strokeWidth={1}
        fill={e.type === 'qr' ? '#fff' : undefined}
      />
      {e.type === 'qr' ? (
        qr ? (
          <KImage image={qr} width={e.width * k} height={e.height * k} />
        ) : null
      ) : (
        <KText
          text={elementText(e, data)}
          width={e.width * k}
          height={e.height * k}
          fontSize={(((e.fontSize ?? 9) * 25.4) / 72) * k}
          fontStyle={e.bold ? 'bold' : 'normal'}
          fill={e.color ?? '#000'}
          align={e.align ?? 'left'}
          wrap="none"
          ellipsis={false}
        />
      )}
    </Group>
  );
}

export default function TemplateDesignerPage() {
  const t = useExtrasT();
  const optionLabel = useLabelT(NS);
  const navigate = useNavigate();
  const id = Number(useParams().templateId);
  const queryClient = useQueryClient();
  const tpl = useQuery({
    queryKey: ['ticketExtras', 'template', id],
    queryFn: () => http.get<TicketTemplateRow>(ticketPath(`template/${id}`)),
    enabled: id > 0,
    refetchOnWindowFocus: false,
  });
  useTabLabel(tpl.data?.name);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [version, setVersion] = useState(0);
  const [dirty, setDirty] = useState(false);
  const [selected, setSelected] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [previewing, setPreviewing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const data = useSampleData();
  const qrRef = useRef<HTMLCanvasElement>(null);
  const [qr, setQr] = useState<HTMLCanvasElement | null>(null);
  const trRef = useRef<Konva.Transformer>(null);
  const nodes = useRef(new Map<string, Konva.Group>());
  const [bgImage, setBgImage] = useState<HTMLImageElement | null>(null);
  const bgUrl = draft?.backgroundUrl ?? null;
  useEffect(() => {
    if (!bgUrl) return setBgImage(null);
    const img = new window.Image();
    img.onload = () => setBgImage(img);
    img.src = bgUrl;
  }, [bgUrl]);

  const load = (row: TicketTemplateRow) => {
    setDraft({
      name: row.name,
      kind: row.kind,
      widthMm: row.widthMm,
      heightMm: row.heightMm,
      backgroundColor: row.backgroundColor,
      backgroundUrl: row.backgroundUrl,
      elements: row.elements.map((e) => ({ ...e })),
    });
    setVersion(row.version);
    setDirty(false);
  };
  useEffect(() => {
    if (tpl.data && !draft) load(tpl.data);
  }, [tpl.data]); // eslint-disable-line react-hooks/exhaustive-deps -- loads the template when it arrives, unless a draft is open
  useEffect(() => setQr(qrRef.current), [draft !== null]); // eslint-disable-line react-hooks/exhaustive-deps -- the QR element exists only while a draft is shown
  useEffect(() => {
    const tr = trRef.current;
    if (!tr) return;
    const node = selected ? nodes.current.get(selected) : undefined;
    tr.nodes(node ? [node] : []);
    tr.getLayer()?.batchDraw();
  }, [selected, draft]);

  const problems = useMemo(() => (draft ? templateProblems(draft) : []), [draft]);
  if (tpl.isLoading || (tpl.data && !draft)) return <Skeleton active />;
  if (!tpl.data || !draft) return <Empty />;

  const change = (next: Partial<Draft>) => {
    setDraft({ ...draft, ...next });
    setDirty(true);
  };
  const changeElement = (next: TicketTemplateElement) => change({ elements: draft.elements.map((e) => (e.key === next.key ? next : e)) });
  const add = (type: TicketTemplateElement['type']) => {
    const key = nextKey(draft.elements, type === 'qr' ? 'qr' : type === 'field' ? 'field' : 'text');
    const size = type === 'qr' ? Math.min(25, draft.widthMm, draft.heightMm) : 0;
    const e: TicketTemplateElement =
      type === 'qr'
        ? { key, type, x: 0, y: 0, width: size, height: size }
        : {
            key,
            type,
            ...(type === 'field' ? { field: 'project' as const } : { text: t('designer.addText') }),
            x: 0,
            y: 0,
            width: Math.min(40, draft.widthMm),
            height: Math.min(6, draft.heightMm),
            fontSize: 9,
          };
    change({ elements: [...draft.elements, e] });
    setSelected(key);
  };
  const uploadBackground = async (file: File) => {
    if (!['image/png', 'image/jpeg'].includes(file.type)) return notify.error(t('photo.badType'));
    if (file.size > 2 * 1024 * 1024) return notify.error(t('photo.tooBig'));
    const fd = new FormData();
    fd.append('file', file, file.name);
    const { url } = await http.post<{ url: string }>(ticketPath('template/image'), fd, { timeout: 60_000 });
    change({ backgroundUrl: url });
  };
  const removeSelected = () => {
    change({ elements: draft.elements.filter((e) => e.key !== selected) });
    setSelected(null);
  };
  const save = async () => {
    setSaving(true);
    try {
      const row = await http.put<TicketTemplateRow>(ticketPath(`template/${id}`), { ...draft, version });
      load(row);
      // The print view and the lists show what was saved.
      queryClient.setQueryData(['ticketExtras', 'template', id], row);
      void queryClient.invalidateQueries({ queryKey: ['ticketExtras', 'templates'] });
      void invalidateResource('ticketTemplate');
      success(t('designer.saved'));
    } catch (err) {
      await reactToSaveError(form, err, {
        reload: async () => {
          const fresh = await tpl.refetch();
          if (fresh.data) load(fresh.data);
        },
      });
    } finally {
      setSaving(false);
    }
  };
  const el = draft.elements.find((e) => e.key === selected);
  const k = PX * zoom;
  const layout: TicketLayout = draft;
  const num = (v: number | null, lo: number, hi: number) => clamp(snap(v ?? lo), lo, hi);

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="templateDesigner">
      <Space wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(TEMPLATE_LIST_PATH)}>
          {t('back')}
        </Button>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={saving}
          disabled={problems.length > 0}
          onClick={() => void save()}
          data-testid="templateDesigner-save"
        >
          {t('designer.save')}
        </Button>
        <Button icon={<EyeOutlined />} onClick={() => setPreviewing(true)} data-testid="templateDesigner-preview">
          {t('designer.preview')}
        </Button>
        <Button icon={<PrinterOutlined />} disabled={dirty} onClick={() => navigate(templatePrintPath(id))} data-testid="templateDesigner-print">
          {t('print')}
        </Button>
        {dirty ? <Typography.Text type="warning">{t('designer.unsaved')}</Typography.Text> : null}
      </Space>
      {problems.length ? (
        <Alert type="warning" showIcon title={problems.map(([path, msg]) => `${path.join('.')}: ${msg}`).join('; ')} data-testid="templateDesigner-problems" />
      ) : null}
      <div style={{ display: 'flex', gap: 12, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Card
          size="small"
          style={{ flex: '1 1 520px', minWidth: 0 }}
          title={
            <Space wrap>
              <Button size="small" icon={<QrcodeOutlined />} onClick={() => add('qr')} data-testid="templateDesigner-addQr">
                {t('designer.addQr')}
              </Button>
              <Button size="small" icon={<TagOutlined />} onClick={() => add('field')} data-testid="templateDesigner-addField">
                {t('designer.addField')}
              </Button>
              <Button size="small" icon={<FontSizeOutlined />} onClick={() => add('text')} data-testid="templateDesigner-addText">
                {t('designer.addText')}
              </Button>
            </Space>
          }
          extra={
            <Segmented
              size="small"
              value={zoom}
              onChange={(v) => setZoom(Number(v))}
              options={[0.5, 1, 1.5, 2].map((z) => ({ value: z, label: `${z * 100}%` }))}
            />
          }
        >
          <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
            {t('designer.hint')}
          </Typography.Paragraph>
          <div
            style={{ overflow: 'auto', background: 'repeating-conic-gradient(#f0f0f0 0% 25%, #fafafa 0% 50%) 0 / 16px 16px', padding: 16 }}
            data-testid="templateDesigner-stage"
          >
            <Stage
              width={draft.widthMm * k + 2}
              height={draft.heightMm * k + 2}
              onMouseDown={(ev) => {
                if (ev.target === ev.target.getStage() || ev.target.name() === 'page') setSelected(null);
              }}
            >
              <Layer>
                <Rect
                  name="page"
                  x={0}
                  y={0}
                  width={draft.widthMm * k}
                  height={draft.heightMm * k}
                  fill={draft.backgroundColor}
                  stroke="#8c8c8c"
                  strokeWidth={1}
                  shadowBlur={6}
                  shadowOpacity={0.15}
                />
                {bgImage ? <KImage image={bgImage} x={0} y={0} width={draft.widthMm * k} height={draft.heightMm * k} listening={false} /> : null}
                {draft.elements.map((e) => (
                  <StageElement
                    key={e.key}
                    e={e}
                    data={data}
                    qr={qr}
                    zoom={zoom}
                    selected={e.key === selected}
                    page={draft}
                    onSelect={() => setSelected(e.key)}
                    onChange={changeElement}
                    nodeRef={(n) => {
                      if (n) nodes.current.set(e.key, n);
                      else nodes.current.delete(e.key);
                    }}
                  />
                ))}
                <Transformer
                  ref={trRef}
                  rotateEnabled={false}
                  keepRatio={el?.type === 'qr'}
                  enabledAnchors={['bottom-right', 'middle-right', 'bottom-center']}
                  ignoreStroke
                />
              </Layer>
            </Stage>
          </div>
          <QRCodeCanvas ref={qrRef} value={data.code} size={256} marginSize={0} level="M" style={{ display: 'none' }} />
        </Card>
        <Card size="small" style={{ flex: '0 0 300px' }} title={t('designer.page')}>
          <Form form={form} layout="vertical" size="small" requiredMark={false}>
            <Form.Item label={t('field.name')}>
              <Input value={draft.name} maxLength={64} onChange={(e) => change({ name: e.target.value })} data-testid="templateDesigner-name" />
            </Form.Item>
            <Form.Item label={t('field.kind')}>
              <Radio.Group
                value={draft.kind}
                onChange={(e) => change({ kind: e.target.value })}
                options={kindOptions.map((o) => ({ value: o.value as string, label: optionLabel(o.label) }))}
              />
            </Form.Item>
            <Space>
              <Form.Item label={t('field.widthMm')}>
                <InputNumber
                  min={TEMPLATE_MIN_MM}
                  max={TEMPLATE_MAX_MM}
                  precision={0}
                  value={draft.widthMm}
                  onChange={(v) => change({ widthMm: Number(v ?? TEMPLATE_MIN_MM) })}
                  data-testid="templateDesigner-width"
                />
              </Form.Item>
              <Form.Item label={t('field.heightMm')}>
                <InputNumber
                  min={TEMPLATE_MIN_MM}
                  max={TEMPLATE_MAX_MM}
                  precision={0}
                  value={draft.heightMm}
                  onChange={(v) => change({ heightMm: Number(v ?? TEMPLATE_MIN_MM) })}
                  data-testid="templateDesigner-height"
                />
              </Form.Item>
            </Space>
            <Form.Item label={t('field.backgroundColor')}>
              <ColorPicker disabledAlpha showText value={draft.backgroundColor} onChange={(c) => change({ backgroundColor: c.toHexString() })} />
            </Form.Item>
            <Form.Item label={t('designer.background')} extra={t('designer.backgroundHint')}>
              <Space>
                <Upload accept="image/png,image/jpeg" showUploadList={false} beforeUpload={(file) => (void uploadBackground(file), false)}>
                  <Button size="small" icon={<PictureOutlined />} data-testid="templateDesigner-bgUpload">
                    {draft.backgroundUrl ? t('photo.change') : t('designer.bgUpload')}
                  </Button>
                </Upload>
                {draft.backgroundUrl ? (
                  <Button size="small" icon={<DeleteOutlined />} onClick={() => change({ backgroundUrl: null })} aria-label={t('photo.remove')} />
                ) : null}
              </Space>
            </Form.Item>
          </Form>
          <Typography.Title level={5} style={{ marginTop: 8 }}>
            {t('designer.element')}
          </Typography.Title>
          {!el ? (
            <Typography.Text type="secondary">{t('designer.noSelection')}</Typography.Text>
          ) : (
            <Form layout="vertical" size="small" data-testid="templateDesigner-element">
              <Typography.Text code>{el.type === 'qr' ? t('tplField.qr') : el.key}</Typography.Text>
              {el.type === 'field' ? (
                <Form.Item label={t('designer.field')}>
                  <Select
                    value={el.field}
                    onChange={(field) => changeElement({ ...el, field })}
                    options={templateFieldOptions.map((o) => ({ value: o.value, label: optionLabel(o.label) }))}
                    data-testid="templateDesigner-field"
                  />
                </Form.Item>
              ) : null}
              {el.type !== 'qr' ? (
                <Form.Item label={el.type === 'text' ? t('designer.text') : t('designer.label')}>
                  <Input
                    value={el.text ?? ''}
                    maxLength={100}
                    onChange={(e) => changeElement({ ...el, text: e.target.value })}
                    data-testid="templateDesigner-text"
                  />
                </Form.Item>
              ) : null}
              <Space wrap>
                <Form.Item label={t('designer.x')}>
                  <InputNumber
                    step={0.5}
                    min={0}
                    max={draft.widthMm - el.width}
                    value={el.x}
                    onChange={(v) => changeElement({ ...el, x: num(v, 0, draft.widthMm - el.width) })}
                    data-testid="templateDesigner-x"
                  />
                </Form.Item>
                <Form.Item label={t('designer.y')}>
                  <InputNumber
                    step={0.5}
                    min={0}
                    max={draft.heightMm - el.height}
                    value={el.y}
                    onChange={(v) => changeElement({ ...el, y: num(v, 0, draft.heightMm - el.height) })}
                    data-testid="templateDesigner-y"
                  />
                </Form.Item>
                <Form.Item label={t('designer.width')}>
                  <InputNumber
                    step={0.5}
                    min={1}
                    max={draft.widthMm - el.x}
                    value={el.width}
                    onChange={(v) =>
                      changeElement({
                        ...el,
                        width: num(v, 1, draft.widthMm - el.x),
                        ...(el.type === 'qr' ? { height: num(v, 1, draft.heightMm - el.y) } : {}),
                      })
                    }
                    data-testid="templateDesigner-w"
                  />
                </Form.Item>
                <Form.Item label={t('designer.height')}>
                  <InputNumber
                    step={0.5}
                    min={1}
                    max={draft.heightMm - el.y}
                    value={el.height}
                    disabled={el.type === 'qr'}
                    onChange={(v) => changeElement({ ...el, height: num(v, 1, draft.heightMm - el.y) })}
                    data-testid="templateDesigner-h"
                  />
                </Form.Item>
              </Space>
              {el.type !== 'qr' ? (
                <>
                  <Space wrap align="end">
                    <Form.Item label={t('designer.fontSize')}>
                      <InputNumber
                        min={5}
                        max={72}
                        precision={0}
                        value={el.fontSize ?? 9}
                        onChange={(v) => changeElement({ ...el, fontSize: Math.round(clamp(Number(v ?? 9), 5, 72)) })}
                      />
                    </Form.Item>
                    <Form.Item>
                      <Checkbox checked={!!el.bold} onChange={(e) => changeElement({ ...el, bold: e.target.checked })}>
                        {t('designer.bold')}
                      </Checkbox>
                    </Form.Item>
                  </Space>
                  <Form.Item label={t('designer.align')}>
                    <Segmented
                      value={el.align ?? 'left'}
                      onChange={(v) => changeElement({ ...el, align: v as 'left' | 'center' | 'right' })}
                      options={(['left', 'center', 'right'] as const).map((a) => ({ value: a, label: t(`align.${a}`) }))}
                    />
                  </Form.Item>
                  <Form.Item label={t('designer.color')}>
                    <ColorPicker disabledAlpha showText value={el.color ?? '#000000'} onChange={(c) => changeElement({ ...el, color: c.toHexString() })} />
                  </Form.Item>
                </>
              ) : null}
              <Button danger icon={<DeleteOutlined />} onClick={removeSelected} data-testid="templateDesigner-remove">
                {t('designer.remove')}
              </Button>
            </Form>
          )}
        </Card>
      </div>
      <Modal
        open={previewing}
        title={`${t('designer.preview')} · ${t('designer.sample')}`}
        footer={null}
        width={Math.max(420, draft.widthMm * 3.78 + 64)}
        onCancel={() => setPreviewing(false)}
        destroyOnHidden
      >
        <div style={{ display: 'flex', justifyContent: 'center', padding: 8, background: '#f5f5f5' }}>
          <TicketFace layout={layout} data={data} testId="templateDesigner-previewFace" style={{ boxShadow: '0 1px 6px rgba(0,0,0,.2)' }} />
        </div>
      </Modal>
    </Space>
  );
}
