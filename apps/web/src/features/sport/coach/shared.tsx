import { Image, theme } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { COACH_LEVELS, COACH_STATUS, type CoachDetail, type CoachRow, type CoachScheduleAnswer, type Page, type coachScheduleQuery } from '@venue/contract';
import type { z } from 'zod';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { api, download, http } from '../../../app/request.ts';
import { FILE_TIMEOUT_MS, codeOptions, useSessionImage, type Option } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The coach screens' texts: one namespace for the feature. */
export const NS = 'coach';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export function useCoachT(): Translate {
  return useFeatureT<typeof zh>(NS);
}

const url = (p: string) => api.sport(`coach${p ? `/${p}` : ''}`);

/** The coach calls the page kit does not make itself. */
export const coachApi = {
  get: (id: number) => http.get<CoachDetail>(url(String(id))),
  status: (id: number, status: string, version: number) => http.post<CoachDetail>(url(`${id}/status`), { status, version }),
  uploadPhoto: (id: number, file: File) => {
    const fd = new FormData();
    fd.append('file', file, file.name);
    return http.post<CoachDetail>(url(`${id}/photo`), fd, { timeout: 60_000 });
  },
  photo: async (id: number): Promise<Blob> => (await download({ url: url(`${id}/photo/image`), method: 'GET', timeout: FILE_TIMEOUT_MS, silent: true })).blob,
  schedule: (body: z.input<typeof coachScheduleQuery>) => http.post<CoachScheduleAnswer>(url('schedule'), body),
  list: (body: Record<string, unknown>) => http.post<Page<CoachRow>>(url('list'), body),
};

export const levelOptions = codeOptions(COACH_LEVELS, 'level', { junior: 'default', intermediate: 'blue', senior: 'purple', head: 'gold' });
export const statusOptions = codeOptions(COACH_STATUS, 'status', { active: 'green', leave: 'orange', left: 'default' });
export const genderOptions: Option[] = [
  { value: 1, label: 'gender.1' },
  { value: 2, label: 'gender.2' },
];

/** A coach's photo, fetched with the session (served to signed-in staff only). */
export function CoachPhoto({ id, version, hasPhoto, size = 40 }: { id: number; version: number; hasPhoto: boolean; size?: number }) {
  const { token } = theme.useToken();
  const src = useSessionImage(['coach', 'photo', id, version], () => coachApi.photo(id), hasPhoto);
  return (
    <div
      style={{
        width: size,
        height: size,
        borderRadius: size > 60 ? token.borderRadius : '50%',
        border: `1px solid ${token.colorBorderSecondary}`,
        overflow: 'hidden',
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: token.colorFillQuaternary,
      }}
      data-testid={`coach-photo-${id}`}
    >
      {src ? (
        <Image src={src} alt="" width={size} height={size} style={{ objectFit: 'cover' }} preview={size > 60} />
      ) : (
        <PictureOutlined style={{ fontSize: size > 60 ? 24 : 14, color: token.colorTextQuaternary }} />
      )}
    </div>
  );
}
