import { Alert } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePermission } from '../../../app/permission.tsx';
import { api, http } from '../../../app/request.ts';
import { Perm } from '@venue/contract';

/**
 * How long logs are kept (parameter `log.retentionDays`, purged daily by the job scheduler),
 * with the way to change it on the parameter screen. `ns` holds `retention`,
 * `retentionForever` and `retentionLink`.
 */
export function Retention({ ns }: { ns: string }) {
  const { t } = useTranslation(ns);
  const canRead = usePermission(Perm.config.list);
  const { data } = useQuery({
    queryKey: ['config', 'byKey', 'log.retentionDays'],
    queryFn: () => http.get<string>(api.system('config/configKey/log.retentionDays'), undefined, { silent: true }),
    enabled: canRead,
    staleTime: 60_000,
  });
  if (data === undefined || data === null) return null;
  const days = Number(data);
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      data-testid="log-retention"
      title={
        <>
          {days > 0 ? t('retention', { n: days }) : t('retentionForever')} <Link to="/system/config">{t('retentionLink')}</Link>
        </>
      }
    />
  );
}
