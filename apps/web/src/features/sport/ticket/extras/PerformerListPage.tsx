import { Avatar, Button, Space, Upload } from 'antd';
import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import { Perm, performerCreate, type PerformerRow, type performerListQuery, type performerPhotoAnswer, type performerUpdate } from '@venue/contract';
import { notify } from '../../../../app/notify.ts';
import { http } from '../../../../app/request.ts';
import { ListPage, type ResourceDef } from '../../../../kit/index.ts';
import { NS, ticketPath, useExtrasT, useProjectOptions } from './shared.tsx';

/** Performers (issue 13, spec ticketManagement/performer): name, photo, role and introduction; projects list them in billing order. */

const PHOTO_TYPES = ['image/png', 'image/jpeg'];
const PHOTO_MAX = 2 * 1024 * 1024;

/** A photo field: uploads the file (png or jpg, at most 2 MB) and holds its url. */
function PhotoInput({ value, onChange, id }: { value?: string | null; onChange?: (v: string | null) => void; id?: string }) {
  const t = useExtrasT();
  const upload = async (file: File) => {
    if (!PHOTO_TYPES.includes(file.type)) return notify.error(t('photo.badType'));
    if (file.size > PHOTO_MAX) return notify.error(t('photo.tooBig'));
    const fd = new FormData();
    fd.append('file', file, file.name);
    const { url } = await http.post<z.output<typeof performerPhotoAnswer>>(ticketPath('performer/photo'), fd, { timeout: 60_000 });
    onChange?.(url);
  };
  return (
    <Space id={id} align="center">
      <Avatar shape="square" size={64} src={value || undefined} icon={<UserOutlined />} data-testid="performer-photo-preview" />
      <Upload accept={PHOTO_TYPES.join(',')} showUploadList={false} beforeUpload={(file) => (void upload(file), false)}>
        <Button icon={<UploadOutlined />} data-testid="performer-photo-upload">
          {value ? t('photo.change') : t('photo.upload')}
        </Button>
      </Upload>
      {value ? <Button icon={<DeleteOutlined />} onClick={() => onChange?.(null)} aria-label={t('photo.remove')} /> : null}
    </Space>
  );
}

export const performerResource: ResourceDef<
  PerformerRow,
  z.input<typeof performerCreate> & z.input<typeof performerUpdate>,
  z.input<typeof performerListQuery>
> = {
  key: 'performer',
  ns: NS,
  name: 'performer',
  nameField: 'name',
  endpoint: { prefix: 'sport', path: 'ticket/performer' },
  perms: { add: Perm.ticket.performer, edit: Perm.ticket.performer, remove: Perm.ticket.performer },
  features: { export: false, import: false },
  search: [
    { name: 'name', label: 'field.performerName' },
    { name: 'projectId', label: 'field.project', type: 'select', useOptions: useProjectOptions },
  ],
  columns: [
    {
      key: 'photoUrl',
      label: 'field.photoUrl',
      width: 72,
      render: (v: string | null) => <Avatar shape="square" size={40} src={v || undefined} icon={<UserOutlined />} />,
    },
    { key: 'name', label: 'field.performerName', sorter: true },
    { key: 'role', label: 'field.role' },
    { key: 'intro', label: 'field.intro', ellipsis: true, detailSpan: 2 },
    { key: 'projectCount', label: 'field.projectCount', content: 'number' },
    { key: 'createTime', label: 'field.createTime', format: 'datetime', sorter: true },
  ],
  form: [
    { name: 'name', label: 'field.performerName', rule: performerCreate.shape.name },
    { name: 'role', label: 'field.role', required: false, props: { maxLength: 32 } },
    { name: 'photoUrl', label: 'field.photoUrl', type: 'custom', required: false, render: () => <PhotoInput /> },
    { name: 'intro', label: 'field.intro', type: 'textarea', required: false, props: { maxLength: 2000, showCount: true, rows: 4 } },
  ],
  formColumns: 1,
};

export default function PerformerListPage() {
  return <ListPage def={performerResource} />;
}
