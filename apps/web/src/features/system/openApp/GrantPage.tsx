import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Empty, Input, List, Space, Tag, Typography } from 'antd';
import { SaveOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Perm, type OpenApiRow, type OpenAppRow, type Page } from '@venue/contract';
import { success } from '../../../app/feedback.tsx';
import { t } from '../../../app/i18n.ts';
import { api, http } from '../../../app/request.ts';
import { useCan } from '../../../kit/index.ts';
import { appStatusOptions, inLang } from './shared.tsx';

/**
 * /appAccess/InterfaceAuthManage: which application may call which interfaces. Pick an
 * application, tick its interfaces, save (the server replaces its grants).
 */
export default function GrantPage() {
  const can = useCan();
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [appId, setAppId] = useState<number | null>(null);
  const [ticked, setTicked] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const apps = useQuery({
    queryKey: ['openApp', 'grant', name],
    queryFn: () => http.post<Page<OpenAppRow>>(api.system('openApp/grant/list'), { pageNum: 1, pageSize: 500, name: name || undefined }),
  });
  const interfaces = useQuery({ queryKey: ['openApp', 'interfaces'], queryFn: () => http.get<OpenApiRow[]>(api.system('openApp/interfaces')) });
  const current = apps.data?.data.find((a) => a.id === appId) ?? null;
  // The first application is open at once: most venues have one or two.
  const first = apps.data?.data[0]?.id ?? null;
  useEffect(() => {
    if (appId === null && first !== null) setAppId(first);
  }, [appId, first]);
  useEffect(() => setTicked(current?.apiIds ?? []), [current]);

  const save = async () => {
    if (!current) return;
    setSaving(true);
    try {
      await http.put(api.system(`openApp/${current.id}/grants`), { apiIds: ticked });
      success(t('openApp:grantSaved'));
      await queryClient.invalidateQueries({ queryKey: ['openApp'] });
    } finally {
      setSaving(false);
    }
  };
  const statusTag = (status: number) => {
    const o = appStatusOptions.find((x) => x.value === status)!;
    return <Tag color={o.color}>{t(`openApp:${o.label}`)}</Tag>;
  };

  return (
    <div style={{ display: 'grid', gridTemplateColumns: 'minmax(260px, 1fr) 2fr', gap: 16, alignItems: 'start' }}>
      <Card
        title={t('openApp:grantApps')}
        size="small"
        extra={
          <Input.Search allowClear size="small" style={{ width: 160 }} onSearch={setName} placeholder={t('openApp:field.name')} data-testid="grant-search" />
        }
      >
        <List
          loading={apps.isLoading}
          dataSource={apps.data?.data ?? []}
          locale={{ emptyText: <Empty description={t('openApp:grantNone')} /> }}
          renderItem={(a) => (
            <List.Item
              onClick={() => setAppId(a.id)}
              style={{ cursor: 'pointer', paddingInline: 8, borderRadius: 6, background: a.id === appId ? 'var(--ant-control-item-bg-active)' : undefined }}
              data-testid={`grant-app-${a.id}`}
            >
              <List.Item.Meta
                title={a.name}
                description={
                  <Typography.Text type="secondary" code>
                    {a.appKey}
                  </Typography.Text>
                }
              />
              <Space>
                {statusTag(a.status)}
                <Tag>{a.apiIds.length}</Tag>
              </Space>
            </List.Item>
          )}
        />
      </Card>
      <Card
        title={current ? `${t('openApp:grantApis')} · ${current.name}` : t('openApp:grantApis')}
        size="small"
        extra={
          current && can(Perm.openApp.grant) ? (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="grant-save">
              {t('openApp:grantSave')}
            </Button>
          ) : null
        }
      >
        {current ? (
          <Checkbox.Group
            value={ticked}
            onChange={(v) => setTicked(v as number[])}
            style={{ display: 'flex', flexDirection: 'column', gap: 10 }}
            data-testid="grant-apis"
          >
            {(interfaces.data ?? []).map((i) => (
              <Checkbox key={i.id} value={i.id} disabled={i.status !== 0 && !ticked.includes(i.id)} data-testid={`grant-api-${i.code}`}>
                <Space wrap>
                  <strong>{inLang(i.name, i.nameEn)}</strong>
                  <Typography.Text code>{`${i.method} ${i.uri}`}</Typography.Text>
                  {i.status !== 0 ? <Tag>{t('openApp:status.closed')}</Tag> : null}
                </Space>
                {i.description ? <div style={{ color: 'var(--ant-color-text-secondary)', fontSize: 12 }}>{inLang(i.description, i.descriptionEn)}</div> : null}
              </Checkbox>
            ))}
          </Checkbox.Group>
        ) : (
          <Empty description={t('openApp:grantPick')} />
        )}
      </Card>
    </div>
  );
}
