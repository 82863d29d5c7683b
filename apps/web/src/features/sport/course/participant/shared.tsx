import { useQuery } from '@tanstack/react-query';
import { FACE_CONSENT_STATES, type FaceConsentState, type Page, type ParticipantDetail, type AttendanceRow } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../../app/i18n.ts';
import { api, download, http } from '../../../../app/request.ts';
import { FILE_TIMEOUT_MS, type Option } from '../../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

export { formatTime } from '../../../../kit/pay/index.ts';

/** The participants screens' texts. */
export const NS = 'courseParticipant';
registerMessages(NS, zh, en);

export type Translate = FeatureT<typeof zh>;
export const useParticipantT = (): Translate => useFeatureT<typeof zh>(NS);

export const PARTICIPANT_LIST_PATH = '/sport/views/trainingCourse/participantsManagement/index';
export const participantDetailPath = (id: number) => `/sport/views/trainingCourse/participantsDetail/${id}`;

export const consentOptions: Option[] = FACE_CONSENT_STATES.map((v) => ({
  value: v,
  label: `consentOf.${v}`,
  color: v === 'image' ? 'green' : v === 'consented' ? 'blue' : 'default',
}));

const url = (p: string) => api.sport(`course/participant/${p}`);

/** The participant calls the page kit does not make itself. */
export const participantApi = {
  detail: (id: number) => http.get<ParticipantDetail>(url(String(id))),
  attendance: (id: number, pageNum: number, pageSize: number) => http.post<Page<AttendanceRow>>(url(`${id}/attendance`), { pageNum, pageSize }),
  consent: (id: number, statementVersion: string) => http.post<FaceConsentState>(url(`${id}/consent`), { statementVersion }),
  revoke: (id: number) => http.post<FaceConsentState>(url(`${id}/consent/revoke`)),
  upload: (id: number, file: File) => {
    const fd = new FormData();
    fd.append('file', file, file.name);
    return http.post<FaceConsentState>(url(`${id}/face`), fd, { timeout: 60_000 });
  },
  image: async (id: number): Promise<Blob> => (await download({ url: url(`${id}/face/image`), method: 'GET', timeout: FILE_TIMEOUT_MS, silent: true })).blob,
};

/** The organisation's classes, for the list's filter. */
export function useClassOptions(): Option[] {
  const classes = useQuery({
    queryKey: ['course', 'classOptions'],
    queryFn: () => http.post<Page<{ id: number; name: string }>>(api.sport('course/class/list'), { pageNum: 1, pageSize: 500 }),
    staleTime: 30_000,
  });
  return (classes.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }));
}
