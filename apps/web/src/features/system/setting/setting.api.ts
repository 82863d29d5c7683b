import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SettingView, StoredImage } from '@venue/contract';
import { parseSystemSettings, SYSTEM_SETTINGS_KEY } from '../../../app/branding.ts';
import { api, http } from '../../../app/request.ts';
import type { ImageKind } from './imageRules.ts';

/** The branding with its version, and a stored image: the contract's answers. */
export type { SettingView, StoredImage } from '@venue/contract';

const KEY = ['setting', 'admin'] as const;

/** GET {systemPrefix}setting: the branding settings with their version. */
export function useSetting() {
  return useQuery({ queryKey: KEY, queryFn: () => http.get<SettingView>(api.system('setting')) });
}

/** PUT {systemPrefix}setting; the shell's branding (title, tab icon, login page) follows at once. */
export function useSaveSetting() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: SettingView) => http.put<SettingView>(api.system('setting'), body),
    onSuccess: (saved) => {
      qc.setQueryData(KEY, saved);
      qc.setQueryData(SYSTEM_SETTINGS_KEY, parseSystemSettings(saved));
    },
  });
}

/** POST {systemPrefix}setting/upload?kind= (multipart, field `file`); the server checks the image again. */
export function uploadImage(kind: ImageKind, file: File): Promise<StoredImage> {
  const fd = new FormData();
  fd.append('file', file, file.name);
  return http.post<StoredImage>(api.system('setting/upload'), fd, { params: { kind }, timeout: 60_000 });
}
