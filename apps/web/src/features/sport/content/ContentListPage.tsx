import { useEffect, useLayoutEffect, useMemo, useState, type ComponentType } from 'react';
import { Alert, Button, DatePicker, Drawer, Form, Input, List, Space, Switch, Tabs, Tag, Typography, Upload } from 'antd';
import { PictureOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { Perm, type ContentRow, type ContentType, type ContentVersionRow, type contentQuery } from '@venue/contract';
import type { z } from 'zod';
import { success } from '../../../app/feedback.tsx';
import { useLang } from '../../../app/prefs.ts';
import { downloadFile, http } from '../../../app/request.ts';
import { FILE_TIMEOUT_MS, ListPage, invalidateResource, useKitT, type ListContext, type ResourceDef } from '../../../kit/index.ts';
import { useFormSubmit } from '../../../kit/form.ts';
import { NS, contentUrl, post, put, stateOptions, useContentT } from './shared.tsx';

type Values = {
  titleZh?: string;
  titleEn?: string;
  bodyZh?: string;
  bodyEn?: string;
  publishAt?: Dayjs | null;
  unpublishAt?: Dayjs | null;
  allVenues?: boolean;
};

const orNull = (v: string | undefined) => (v?.trim() ? v : null);
const instantOf = (d: Dayjs | null | undefined) => (d ? d.toISOString() : null);

/** The editor of one item: the title and the HTML body in both languages, the schedule, and an image upload that inserts the image. */
function ContentEditor({
  type,
  row,
  open,
  onClose,
  onSaved,
}: {
  type: ContentType;
  row: ContentRow | null;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const t = useContentT();
  const tk = useKitT();
  const [form] = Form.useForm<Values>();
  const [lang, setLang] = useState<'zhCN' | 'enUS'>('zhCN');
  useLayoutEffect(() => {
    if (!open) return;
    form.resetFields();
    if (row)
      form.setFieldsValue({
        titleZh: row.title.zhCN ?? '',
        titleEn: row.title.enUS ?? '',
        bodyZh: row.body.zhCN ?? '',
        bodyEn: row.body.enUS ?? '',
        publishAt: row.publishAt ? dayjs(row.publishAt) : null,
        unpublishAt: row.unpublishAt ? dayjs(row.unpublishAt) : null,
        allVenues: row.allVenues,
      });
  }, [open, row, form]);
  const save = async (v: Values) => {
    const body = {
      title: { zhCN: orNull(v.titleZh), enUS: orNull(v.titleEn) },
      body: { zhCN: orNull(v.bodyZh), enUS: orNull(v.bodyEn) },
      publishAt: instantOf(v.publishAt),
      unpublishAt: instantOf(v.unpublishAt),
      allVenues: !!v.allVenues,
    };
    if (row) await put(String(row.id), { ...body, version: row.version });
    else await post('', { ...body, type });
    success(t('done.saved'));
    onSaved();
    onClose();
  };
  const { busy, submit } = useFormSubmit(form, save);
  const insertImage = async (file: File) => {
    const data = new FormData();
    data.append('file', file);
    const { url } = await http.post<{ url: string }>(contentUrl('image'), data);
    const field = lang === 'zhCN' ? 'bodyZh' : 'bodyEn';
    form.setFieldValue(field, `${form.getFieldValue(field) ?? ''}<p><img src="${url}" alt="" /></p>`);
  };
  const typeName = t(`type.${type}`);
  const langPane = (l: 'zhCN' | 'enUS') => {
    const zh = l === 'zhCN';
    return (
      <>
        <Form.Item name={zh ? 'titleZh' : 'titleEn'} label={t(zh ? 'field.titleZh' : 'field.titleEn')} rules={[{ max: 200 }]}>
          <Input data-testid={`content-title-${l}`} maxLength={200} />
        </Form.Item>
        <Form.Item name={zh ? 'bodyZh' : 'bodyEn'} label={t(zh ? 'field.bodyZh' : 'field.bodyEn')}>
          <Input.TextArea data-testid={`content-body-${l}`} rows={10} />
        </Form.Item>
      </>
    );
  };
  return (
    <Drawer
      open={open}
      onClose={onClose}
      width={640}
      destroyOnHidden
      title={row ? t('editor.edit', { type: typeName }) : t('editor.add', { type: typeName })}
      extra={
        <Space>
          <Button onClick={onClose}>{tk('cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => void submit()} data-testid="content-form-ok">
            {tk('ok')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" name="content-form" data-testid="content-form">
        <Alert type="info" showIcon message={t('editor.hint')} style={{ marginBottom: 16 }} />
        {/* Above the tabs, not in their bar: a tab list holds tabs only (WAI-ARIA), so a screen reader reads it as one. */}
        <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: -8 }}>
          <Upload accept="image/png,image/jpeg" showUploadList={false} beforeUpload={(f) => (void insertImage(f).catch(() => undefined), false)}>
            <Button icon={<PictureOutlined />} size="small" data-testid="content-image">
              {t('action.image')}
            </Button>
          </Upload>
        </div>
        <Tabs
          activeKey={lang}
          onChange={(k) => setLang(k as 'zhCN' | 'enUS')}
          items={(['zhCN', 'enUS'] as const).map((l) => ({ key: l, label: t(`lang.${l}`), forceRender: true, children: langPane(l) }))}
        />
        <Space.Compact block>
          <Form.Item name="publishAt" label={t('field.publishAt')} style={{ flex: 1 }}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
          <div style={{ width: 12 }} />
          <Form.Item name="unpublishAt" label={t('field.unpublishAt')} style={{ flex: 1 }}>
            <DatePicker showTime={{ format: 'HH:mm' }} format="YYYY-MM-DD HH:mm" style={{ width: '100%' }} />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="allVenues" label={t('field.allVenues')} valuePropName="checked">
          <Switch />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

/** Every save of an item: who, when, what changed. */
function HistoryDrawer({ row, onClose }: { row: ContentRow | null; onClose: () => void }) {
  const t = useContentT();
  const [versions, setVersions] = useState<ContentVersionRow[]>([]);
  useEffect(() => {
    if (row) void http.get<ContentVersionRow[]>(contentUrl(`${row.id}/versions`)).then(setVersions);
  }, [row]);
  return (
    <Drawer open={!!row} onClose={onClose} width={520} title={t('history.title')} destroyOnHidden>
      <List
        data-testid="content-history"
        dataSource={versions}
        renderItem={(v) => (
          <List.Item key={v.no}>
            <List.Item.Meta
              title={
                <Space>
                  <span>v{v.no}</span>
                  <Tag>{t(`state.${v.state}`)}</Tag>
                  <Typography.Text type="secondary">{dayjs(v.time).format('YYYY-MM-DD HH:mm:ss')}</Typography.Text>
                </Space>
              }
              description={`${t('history.by')}: ${v.byName ?? t('history.scheduler')} · ${t('history.changed')}: ${v.changed.join(', ')}`}
            />
          </List.Item>
        )}
      />
    </Drawer>
  );
}

function ContentListPage({ type, adding }: { type: ContentType; adding?: boolean }) {
  const t = useContentT();
  const lang = useLang();
  const [editing, setEditing] = useState<{ row: ContentRow | null } | null>(adding ? { row: null } : null);
  const [history, setHistory] = useState<ContentRow | null>(null);
  const key = `content-${type}`;
  const def = useMemo<ResourceDef<ContentRow, Record<string, unknown>, z.input<typeof contentQuery>>>(() => {
    const move = (action: 'submit' | 'withdraw' | 'publish' | 'unpublish') => async (r: ContentRow, ctx: ListContext<ContentRow>) => {
      await post(`${r.id}/${action}`, { version: r.version });
      success(t('done.moved'));
      ctx.reload();
    };
    return {
      key,
      ns: NS,
      name: 'content',
      endpoint: { prefix: 'sport', path: 'content' },
      perms: { export: Perm.content.list },
      features: { add: false, edit: false, remove: false, batchRemove: false, selection: false, import: false, detail: false, export: true },
      api: {
        list: (body) => http.post(contentUrl('list'), { ...body, type }),
        export: (body) =>
          downloadFile({ url: contentUrl('export'), method: 'POST', data: { ...body, type }, timeout: FILE_TIMEOUT_MS }, `content-${type}.xlsx`),
      },
      search: [
        { name: 'title', label: 'field.title' },
        { name: 'state', label: 'field.state', type: 'select', options: stateOptions },
      ],
      columns: [
        {
          key: 'title',
          label: 'field.title',
          render: (_: unknown, r) => (lang === 'en-US' ? (r.title.enUS ?? r.title.zhCN) : (r.title.zhCN ?? r.title.enUS)) ?? '',
        },
        { key: 'state', label: 'field.state', options: stateOptions, sorter: true, width: 110 },
        { key: 'publishAt', label: 'field.publishAt', format: 'datetime', sorter: true, width: 170 },
        { key: 'unpublishAt', label: 'field.unpublishAt', format: 'datetime', width: 170 },
        { key: 'publishedAt', label: 'field.publishedAt', format: 'datetime', width: 170 },
        { key: 'updateTime', label: 'field.updateTime', format: 'datetime', sorter: true, width: 170 },
      ],
      toolbar: [
        {
          key: 'add',
          label: 'action.add',
          icon: <PlusOutlined />,
          primary: true,
          perm: Perm.content.add,
          run: () => setEditing({ row: null }),
        },
      ],
      inlineActions: 3,
      rowActions: [
        {
          key: 'edit',
          label: 'action.edit',
          perm: Perm.content.edit,
          run: (r) => setEditing({ row: r }),
        },
        { key: 'publish', label: 'action.publish', perm: Perm.content.publish, visible: (r) => r.state !== 'published', run: move('publish') },
        {
          key: 'unpublish',
          label: 'action.unpublish',
          perm: Perm.content.publish,
          visible: (r) => r.state === 'published',
          confirm: true,
          run: move('unpublish'),
        },
        {
          key: 'submit',
          label: 'action.submit',
          perm: Perm.content.publish,
          visible: (r) => r.state === 'draft' || r.state === 'unpublished',
          run: move('submit'),
        },
        { key: 'withdraw', label: 'action.withdraw', perm: Perm.content.publish, visible: (r) => r.state === 'review', run: move('withdraw') },
        { key: 'history', label: 'action.history', run: (r) => setHistory(r) },
      ],
    };
  }, [type, key, lang, t]);
  return (
    <>
      <ListPage def={def} />
      <ContentEditor type={type} row={editing?.row ?? null} open={!!editing} onClose={() => setEditing(null)} onSaved={() => void invalidateResource(key)} />
      <HistoryDrawer row={history} onClose={() => setHistory(null)} />
    </>
  );
}

/** The screen of one content type (each type is its own menu entry); `adding` opens its editor at once (the notification screens' add pages). */
export function contentScreen(type: ContentType, adding = false): ComponentType<object> {
  return function ContentScreen() {
    return <ContentListPage type={type} adding={adding} />;
  };
}
