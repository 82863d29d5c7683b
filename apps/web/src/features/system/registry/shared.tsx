import { useQuery } from '@tanstack/react-query';
import { Typography } from 'antd';
import { REGISTRY_ENCODINGS, REGISTRY_SERVICE_TYPES, type Page, type RegistryAppRow, type RegistryServiceRow } from '@venue/contract';
import { confirm } from '../../../app/feedback.tsx';
import { useTranslated } from '../../../app/dict.ts';
import { registerMessages, t } from '../../../app/i18n.ts';
import { notify } from '../../../app/notify.ts';
import { api, http } from '../../../app/request.ts';
import type { Option } from '../../../kit/index.ts';
import zh from './messages.zh-CN.ts';
import en from './messages.en-US.ts';

registerMessages('registry', zh, en);

export const groupStatusOptions: Option[] = [
  { value: 0, label: 'status.enabled', color: 'green' },
  { value: 1, label: 'status.closed', color: 'default' },
];
export const serviceTypeOptions: Option[] = REGISTRY_SERVICE_TYPES.map((v) => ({
  value: v,
  label: `type.${v}`,
  color: { http: 'blue', rpc: 'purple', websocket: 'cyan', mq: 'orange' }[v],
}));
export const encodingOptions: Option[] = REGISTRY_ENCODINGS.map((v) => ({ value: v, label: v }));

/** The organisation's applications as choices (service form and search), newest list on each open. */
export function useAppOptions(): Option[] {
  const { data } = useQuery({
    queryKey: ['registryApp', 'options'],
    queryFn: () => http.post<Page<RegistryAppRow>>(api.system('registry/app/list'), { pageNum: 1, pageSize: 500 }),
    staleTime: 10_000,
  });
  return (data?.data ?? []).map((a) => ({ value: a.id, label: `${a.name} (${a.code})` }));
}

/** The organisation's services as choices (the environment's deployed services). */
export function useServiceOptions(): Option[] {
  const { data } = useQuery({
    queryKey: ['registryService', 'options'],
    queryFn: () => http.post<Page<RegistryServiceRow>>(api.system('registry/service/list'), { pageNum: 1, pageSize: 500 }),
    staleTime: 10_000,
  });
  return (data?.data ?? []).map((s) => ({ value: s.id, label: `${s.name} (${s.code} ${s.serviceVersion})` }));
}

/**
 * A stored application id shown by the translation item `registryApp` (its name, and its code
 * below): the console's dictionary translation, configured on the translation item screen.
 */
export function AppName({ id }: { id: number }) {
  const tr = useTranslated('registryApp');
  const name = tr(id, 1);
  if (name === undefined) return <Typography.Text type="secondary">#{id}</Typography.Text>;
  const code = tr(id, 2);
  return (
    <span data-testid="registry-app-name">
      {name}
      {code ? <Typography.Text type="secondary"> ({code})</Typography.Text> : null}
    </span>
  );
}

/**
 * A delete as spec 4 wants it for environments and groups: a prompt, a success message, and a
 * cancel message when the user declines. Answers whether it ran.
 */
export async function confirmRemove(prompt: string, run: () => Promise<unknown>): Promise<boolean> {
  if (!(await confirm({ content: prompt, danger: true }))) {
    notify.info(t('registry:cancelled'));
    return false;
  }
  await run();
  notify.success(t('registry:removed'));
  return true;
}
