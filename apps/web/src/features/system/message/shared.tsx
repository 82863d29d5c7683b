import { useQuery } from '@tanstack/react-query';
import { MESSAGE_CHANNELS, MESSAGE_LANGS, SEND_STATUSES, type MessageBusinessRow, type Page } from '@venue/contract';
import { registerMessages } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import type { Option } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('message', zh, en);

const CHANNEL_COLORS: Record<string, string> = { station: 'blue', email: 'geekblue', sms: 'cyan', wechat: 'green', dingtalk: 'purple', wecom: 'gold' };
export const channelOptions: Option[] = MESSAGE_CHANNELS.map((c) => ({ value: c, label: `channel.${c}`, color: CHANNEL_COLORS[c] }));
export const langOptions: Option[] = MESSAGE_LANGS.map((l) => ({ value: l, label: `langName.${l}` }));
const STATUS_COLORS: Record<string, string> = { pending: 'default', sending: 'processing', sent: 'green', failed: 'red', unknown: 'orange' };
export const sendStatusOptions: Option[] = SEND_STATUSES.map((s) => ({ value: s, label: `sendStatus.${s}`, color: STATUS_COLORS[s] }));
export const enabledOptions: Option[] = [
  { value: 0, label: 'status.enabled', color: 'green' },
  { value: 1, label: 'status.disabled', color: 'default' },
];

/** The business types the caller sees (for pickers). */
export function useBusinesses() {
  return useQuery({
    queryKey: ['message', 'business', 'all'],
    queryFn: async () => (await http.post<Page<MessageBusinessRow>>(api.system('message/business/list'), { pageNum: 1, pageSize: 500 })).data,
  });
}

export function useBusinessOptions(): Option[] {
  return (useBusinesses().data ?? []).map((b) => ({ value: b.id, label: `${b.name} · ${b.code}` }));
}
