import { useMemo, useState } from 'react';
import { Button, Dropdown, Tooltip, type MenuProps } from 'antd';
import { StarFilled, StarOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { FavoriteMenu } from '@venue/contract';
import { success } from '../feedback.tsx';
import { registerMessages, useFeatureT } from '../i18n.ts';
import { menuTitle, menuTrail } from '../menu.ts';
import { useLang } from '../prefs.ts';
import { api, http } from '../request.ts';
import { useSession } from '../session.ts';
import zh from './favorites.zh-CN.ts';
import en from './favorites.en-US.ts';
import { MenuIcon } from './icons.tsx';

registerMessages('favorites', zh, en);

const path = (url: string | null) => (url ? (url.startsWith('/') ? url : `/${url}`) : '/');

/**
 * The top bar's favourites (spec 7.2 favorite/query, favorite/save): a star that adds or removes the
 * screen on show, and the user's favourite screens to open. The server keeps only screens the user may open.
 */
export function Favorites() {
  const t = useFeatureT<typeof zh>('favorites');
  const lang = useLang();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const userId = useSession((s) => s.userId);
  const orgId = useSession((s) => s.userInfo?.currentOrg?.orgId);
  const tree = useSession((s) => s.menus);
  const [saving, setSaving] = useState(false);
  const key = ['favorites', userId, orgId];
  const { data: favorites = [] } = useQuery({
    queryKey: key,
    queryFn: () => http.post<FavoriteMenu[]>(api.system('favorite/query'), {}),
    enabled: !!userId,
  });
  // The screen on show, when it is a menu screen (a detail page or home is not).
  const here = useMemo(() => menuTrail(tree, pathname).at(-1), [tree, pathname]);
  const starred = !!here && favorites.some((f) => f.id === here.id);

  const toggle = async () => {
    if (!here) return;
    const ids = favorites.map((f) => f.id);
    setSaving(true);
    try {
      const next = await http.post<FavoriteMenu[]>(api.system('favorite/save'), { menuIds: starred ? ids.filter((id) => id !== here.id) : [...ids, here.id] });
      queryClient.setQueryData(key, next);
      success(t(starred ? 'removed' : 'added', { name: menuTitle(here, lang) }));
    } catch {
      /* the request layer showed why */
    } finally {
      setSaving(false);
    }
  };

  const items: MenuProps['items'] = [
    ...(here
      ? [
          {
            key: 'toggle',
            icon: starred ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />,
            label: <span data-testid="favorite-toggle">{starred ? t('remove') : t('add')}</span>,
          },
          { type: 'divider' as const },
        ]
      : []),
    ...(favorites.length
      ? favorites.map((f) => ({
          key: `go:${f.id}`,
          icon: <MenuIcon name={f.icon} />,
          label: (
            <span data-testid="favorite-item" data-menu-id={f.id}>
              {menuTitle({ name: f.name, nameEn: f.nameEn ?? '' }, lang)}
            </span>
          ),
        }))
      : [{ key: 'none', disabled: true, label: <span style={{ whiteSpace: 'normal', display: 'inline-block', maxWidth: 240 }}>{t('none')}</span> }]),
  ];

  return (
    <Dropdown
      trigger={['click']}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key: k }) => {
          if (k === 'toggle') void toggle();
          else if (k.startsWith('go:')) navigate(path(favorites.find((f) => `go:${f.id}` === k)?.url ?? null));
        },
      }}
    >
      <Tooltip title={t('title')}>
        <Button
          type="text"
          loading={saving}
          icon={starred ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
          aria-label={t('title')}
          data-testid="favorites"
        />
      </Tooltip>
    </Dropdown>
  );
}
