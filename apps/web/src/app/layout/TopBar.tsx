import { useState } from 'react';
import { Avatar, Button, Divider, Dropdown, Flex, Tooltip, type MenuProps } from 'antd';
import {
  BankOutlined,
  CheckOutlined,
  DownOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  LogoutOutlined,
  MenuFoldOutlined,
  MenuUnfoldOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { success } from '../feedback.tsx';
import { HOME_PATH, loginRedirect } from '../guard.ts';
import { getLoginWay, useSession } from '../session.ts';
import { logout, SIGNED_OUT_PATH, signedInBySso, switchOrganisation } from '../sessionLoader.ts';
import { LangSwitch, ThemeSwitch } from '../switches.tsx';
import { activeTab } from '../tabs.ts';
import { ChangePasswordDialog } from '../password/ChangePasswordDialog.tsx';
import { Breadcrumbs } from './Breadcrumbs.tsx';
import { StationBell } from './StationBell.tsx';
import { Favorites } from './Favorites.tsx';

/** Top bar: collapse, breadcrumbs, organisation, messages, language, theme, user menu. */
export function TopBar({ collapsed, narrow, onToggle }: { collapsed: boolean; narrow: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const userName = useSession((s) => s.userInfo?.userName || s.userName);
  const loginName = useSession((s) => s.userInfo?.code ?? '');
  const orgs = useSession((s) => s.userInfo?.orgVOS);
  const current = useSession((s) => s.userInfo?.currentOrg);
  const [pwdOpen, setPwdOpen] = useState(false);
  const [switching, setSwitching] = useState(false);

  const doLogout = async () => {
    if (signedInBySso()) {
      // Single sign-on: the signed-out page ends the session here and at the identity provider.
      // Going back to /ssologin would sign the user straight in again.
      navigate(SIGNED_OUT_PATH, { replace: true, state: { signOut: true } });
      return;
    }
    // After the next login the redirect parameter brings the user back to the last tab.
    const last = activeTab()?.fullPath ?? HOME_PATH;
    const url = new URL(last, location.origin);
    await logout();
    navigate(loginRedirect(url.pathname, url.search, getLoginWay()), { replace: true });
  };

  const switchOrg = async (orgId: number) => {
    if (orgId === current?.orgId) return;
    setSwitching(true);
    try {
      const info = await switchOrganisation(orgId);
      success(t('layout.orgSwitched', { name: info.currentOrg.orgName }));
      navigate(HOME_PATH);
    } catch {
      /* the request layer showed why */
    } finally {
      setSwitching(false);
    }
  };

  const userItems: MenuProps['items'] = [
    { key: 'info', icon: <UserOutlined />, label: <span data-testid="user-info-entry">{t('layout.userInfo')}</span> },
    { key: 'password', icon: <KeyOutlined />, label: <span data-testid="change-password">{t('layout.changePassword')}</span> },
    { key: 'about', icon: <InfoCircleOutlined />, label: <span data-testid="about-entry">{t('layout.about')}</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, danger: true, label: <span data-testid="logout">{t('layout.logout')}</span> },
  ];

  const orgItems: MenuProps['items'] = (orgs ?? []).map((o) => ({
    key: String(o.orgId),
    label: (
      <Flex justify="space-between" gap={16} data-testid="org-option" data-org-id={o.orgId}>
        <span>{o.orgName}</span>
        {o.orgId === current?.orgId ? <CheckOutlined /> : null}
      </Flex>
    ),
  }));

  return (
    <Flex align="center" justify="space-between" style={{ height: '100%' }} gap={narrow ? 4 : 12}>
      {/* The breadcrumb takes what the right side leaves and truncates (one line, an ellipsis). */}
      <Flex align="center" gap={8} style={{ minWidth: 0, flex: '1 1 auto' }}>
        <Tooltip title={collapsed ? t('layout.expand') : t('layout.collapse')}>
          <Button
            type="text"
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={onToggle}
            aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
            aria-expanded={!collapsed}
            data-testid="menu-toggle"
          />
        </Tooltip>
        <Breadcrumbs />
      </Flex>
      <Flex align="center" gap={4} style={{ flex: 'none' }}>
        {current ? (
          (orgs?.length ?? 0) > 1 ? (
            <Dropdown menu={{ items: orgItems, onClick: ({ key }) => void switchOrg(Number(key)) }} trigger={['click']}>
              <Button type="text" icon={<BankOutlined />} loading={switching} data-testid="org-switch" title={current.orgName} className="venue-top-org">
                <span className="venue-top-org-name">{current.orgName}</span> <DownOutlined style={{ fontSize: 10 }} />
              </Button>
            </Dropdown>
          ) : (
            <Tooltip title={t('layout.organisation')}>
              <Button type="text" icon={<BankOutlined />} data-testid="org-name" style={{ cursor: 'default' }} className="venue-top-org">
                <span className="venue-top-org-name">{current.orgName}</span>
              </Button>
            </Tooltip>
          )
        ) : null}
        <Favorites />
        <StationBell />
        <LangSwitch />
        <ThemeSwitch />
        {narrow ? null : <Divider orientation="vertical" />}
        <Dropdown
          trigger={['click']}
          placement="bottomRight"
          menu={{
            items: userItems,
            onClick: ({ key }) => {
              if (key === 'info') navigate('/user/info');
              else if (key === 'password') setPwdOpen(true);
              else if (key === 'about') navigate('/about');
              else if (key === 'logout') void doLogout();
            },
          }}
        >
          <Button type="text" data-testid="user-menu" style={{ height: 40 }} aria-label={narrow ? userName : undefined}>
            <Avatar size="small" icon={<UserOutlined />} style={{ backgroundColor: '#1677ff' }} />
            {narrow ? null : <span style={{ maxWidth: 160, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>{userName}</span>}
            <DownOutlined style={{ fontSize: 10 }} />
          </Button>
        </Dropdown>
      </Flex>
      <ChangePasswordDialog open={pwdOpen} loginName={loginName} onClose={() => setPwdOpen(false)} onChanged={() => setPwdOpen(false)} />
    </Flex>
  );
}
