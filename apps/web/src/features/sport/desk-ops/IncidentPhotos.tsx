import { useEffect, useState } from 'react';
import { Image, Space, Typography, Upload, type UploadFile } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { INCIDENT_PHOTO_MAX_BYTES, INCIDENT_PHOTOS_MAX, type photoAnswer } from '@venue/contract';
import type { z } from 'zod';
import { toast } from '../../../app/feedback.tsx';
import { api, download, http } from '../../../app/request.ts';
import { BlobImage, FILE_TIMEOUT_MS, extensionOf, formatSize } from '../../../kit/index.ts';
import { useDeskT } from './shared.ts';

const PHOTO_EXTENSIONS = ['jpg', 'jpeg', 'png'];

const photoUrl = (incidentId: number, name: string) => api.sport(`deskops/incident/${incidentId}/photo/${name}`);

/** An incident's photos as thumbnails (fetched with the session: served to signed-in staff of its organisation only), with antd's preview. */
export function IncidentPhotos({ id, photos, size = 96 }: { id: number; photos: string[]; size?: number }) {
  const t = useDeskT();
  if (!photos.length) return null;
  return (
    <Image.PreviewGroup>
      <Space wrap size={size < 60 ? 4 : 8} data-testid={`incident-photos-${id}`}>
        {photos.map((name, i) => (
          <BlobImage
            key={name}
            size={size}
            queryKey={['deskops', 'incidentPhoto', id, name]}
            load={async () => (await download({ url: photoUrl(id, name), method: 'GET', timeout: FILE_TIMEOUT_MS, silent: true })).blob}
            alt={`${t('field.photos')} ${i + 1}`}
            testId={`incident-photo-${id}-${i}`}
          />
        ))}
      </Space>
    </Image.PreviewGroup>
  );
}

/**
 * The photos of a new incident: each picked image is checked here (JPG or PNG, at most 5 MB),
 * uploaded at once (`POST deskops/incident/photo`, where the server checks it again by content)
 * and kept by the name the server answers; a photo can be removed before saving. The field's value
 * is the list of names.
 */
export function IncidentPhotosInput({ id, value, onChange }: { id?: string; value?: string[]; onChange?: (v: string[]) => void }) {
  const t = useDeskT();
  const [files, setFiles] = useState<UploadFile<z.output<typeof photoAnswer>>[]>([]);
  // The dialog starts again (reset to no photos): so does the list.
  useEffect(() => {
    if (!value?.length) setFiles((f) => (f.some((x) => x.status === 'done') ? [] : f));
  }, [value]);
  const names = (list: typeof files) => list.filter((f) => f.status === 'done' && f.response).map((f) => f.response!.name);
  return (
    <div id={id} data-testid="incident-photo-upload">
      <Upload<z.output<typeof photoAnswer>>
        listType="picture-card"
        accept=".jpg,.jpeg,.png,image/jpeg,image/png"
        multiple
        fileList={files}
        showUploadList={{ showPreviewIcon: false }}
        beforeUpload={(file) => {
          if (!PHOTO_EXTENSIONS.includes(extensionOf(file.name))) {
            toast(t('photoBadType'), 'error');
            return Upload.LIST_IGNORE;
          }
          if (file.size > INCIDENT_PHOTO_MAX_BYTES) {
            toast(t('photoTooLarge', { max: formatSize(INCIDENT_PHOTO_MAX_BYTES) }), 'error');
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError }) => {
          const fd = new FormData();
          fd.append('file', file as File, (file as File).name);
          http
            .post<z.output<typeof photoAnswer>>(api.sport('deskops/incident/photo'), fd, { timeout: 60_000 })
            .then((r) => onSuccess?.(r))
            .catch((e: Error) => onError?.(e));
        }}
        onChange={({ fileList }) => {
          // A photo the server refused leaves the list (the request layer said why).
          const kept = fileList.filter((f) => f.status !== 'error').slice(0, INCIDENT_PHOTOS_MAX);
          setFiles(kept);
          onChange?.(names(kept));
        }}
      >
        {files.length < INCIDENT_PHOTOS_MAX ? (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 4 }}>{t('action.upload')}</div>
          </div>
        ) : null}
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('photoHint', { max: INCIDENT_PHOTOS_MAX, size: formatSize(INCIDENT_PHOTO_MAX_BYTES) })}
      </Typography.Text>
    </div>
  );
}
