import type { LargeScreenView } from '@venue/contract';
import { registerMessages, useFeatureT, type FeatureT } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

/** The large screen's namespace (the links screen and the public display). */
export const NS = 'largeScreen';
registerMessages(NS, zh, en);
export type ScreenT = FeatureT<typeof zh>;
export const useScreenT = (): ScreenT => useFeatureT<typeof zh>(NS);

/** `POST {sport}largescreen/view`: public, the link's token is the credential (errors are shown on the page, not as toasts). */
export const viewOf = (token: string) => http.post<LargeScreenView>(api.sport('largescreen/view'), { token }, { silent: true });
