import { useEffect, useRef, useState } from 'react';
import { Avatar, Button, List, Popconfirm, Tag, theme } from 'antd';
import { WechatOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { success } from '../../app/feedback.tsx';
import { formatDate } from '../../app/format.ts';
import { useLang } from '../../app/prefs.ts';
import { useUserInfoT } from './shared.ts';
import { goBindWechat, useBindWechat, useUnbindWechat, useWechatBinding } from './userInfo.api.ts';

/**
 * "Bind WeChat" in the profile's security tab: goes to WeChat's QR page and, back from it
 * (`/user/info?wechat=bind&code&state`), binds the WeChat account that confirmed; or unbinds.
 */
export function WechatBindItem() {
  const t = useUserInfoT();
  const lang = useLang();
  const { token } = theme.useToken();
  const [params, setParams] = useSearchParams();
  const binding = useWechatBinding();
  const bind = useBindWechat();
  const unbind = useUnbindWechat();
  const [going, setGoing] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    const code = params.get('code');
    const state = params.get('state');
    if (params.get('wechat') !== 'bind' || !code || !state || started.current) return;
    started.current = true;
    const rest = new URLSearchParams(params);
    for (const k of ['wechat', 'code', 'state']) rest.delete(k);
    setParams(rest, { replace: true });
    bind.mutate({ code, state }, { onSuccess: () => success(t('wechat.bound')) });
  }, [params, setParams, bind, t]);

  const b = binding.data;
  if (!b?.enabled) return null;
  const go = () => {
    setGoing(true);
    goBindWechat().catch(() => setGoing(false));
  };
  const action = b.bound ? (
    <Popconfirm
      key="unbind"
      title={t('wechat.unbindConfirm')}
      onConfirm={() => unbind.mutateAsync().then(() => success(t('wechat.unbound')))}
      okText={t('wechat.unbind')}
      cancelText={t('profile.cancel')}
    >
      <Button danger loading={unbind.isPending} data-testid="profile-wechat-unbind">
        {t('wechat.unbind')}
      </Button>
    </Popconfirm>
  ) : (
    <Button key="bind" type="primary" icon={<WechatOutlined />} loading={going || bind.isPending} onClick={go} data-testid="profile-wechat-bind">
      {t('wechat.bind')}
    </Button>
  );
  return (
    <List.Item actions={[action]} data-testid="profile-wechat">
      <List.Item.Meta
        avatar={<Avatar icon={<WechatOutlined />} style={{ background: token.colorSuccess }} />}
        title={
          <span>
            {t('wechat.title')}{' '}
            {b.bound ? (
              <Tag color="success" data-testid="profile-wechat-state">
                {t('wechat.boundTag')}
              </Tag>
            ) : (
              <Tag data-testid="profile-wechat-state">{t('wechat.unboundTag')}</Tag>
            )}
          </span>
        }
        description={b.bound ? t('wechat.boundAs', { name: b.nickname ?? '—', date: b.boundAt ? formatDate(b.boundAt, lang) : '—' }) : t('wechat.hint')}
      />
    </List.Item>
  );
}
