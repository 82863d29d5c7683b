import type { MouseEvent } from 'react';
import { Button, Dropdown, theme, type MenuProps } from 'antd';
import {
  CloseCircleOutlined,
  CloseOutlined,
  DownOutlined,
  ExportOutlined,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { REDIRECT_PREFIX } from '../routes.ts';
import { closeAllIn, closeOthersIn, closeSideIn, closeTabIn, tabsStore, useActiveTabKey, useTabLabels, useTabs, type TabsState } from '../tabs.ts';
import { useKeepAlive } from './keepAlive.tsx';
import { useScreenTitle } from './titles.ts';

/** Open screens as tabs (links): click to switch, close, close others / left / right / all, refresh, open in a new browser tab. */
export function TabsBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabs();
  const storedActive = useActiveTabKey();
  const { pathname } = useLocation();
  // The location is the truth (the store follows it one effect later); /redirect/... is a hop.
  const activeKey = tabs.some((x) => x.key === pathname) ? pathname : storedActive;
  const title = useScreenTitle();
  const labels = useTabLabels();
  const keepAlive = useKeepAlive();
  const { token } = theme.useToken();

  /** Applies a tab rule and goes to the tab that is active afterwards. */
  const apply = (next: TabsState) => {
    const before = tabsStore.get();
    for (const tab of before.tabs) if (!next.tabs.some((n) => n.key === tab.key)) keepAlive.drop(tab.key);
    tabsStore.set(next);
    const active = next.tabs.find((x) => x.key === next.activeKey);
    if (active && active.key !== before.activeKey) navigate(active.fullPath);
  };

  const refresh = (key: string) => {
    const tab = tabsStore.get().tabs.find((x) => x.key === key);
    if (!tab) return;
    keepAlive.drop(key);
    navigate(`${REDIRECT_PREFIX}${tab.fullPath}`, { replace: true });
  };

  const actions = (key: string): MenuProps['items'] => {
    const i = tabs.findIndex((x) => x.key === key);
    const tab = tabs[i];
    return [
      { key: 'refresh', icon: <ReloadOutlined />, label: <span data-testid="tab-refresh">{t('tabs.refresh')}</span> },
      { key: 'newWindow', icon: <ExportOutlined />, label: <span data-testid="tab-new-window">{t('tabs.newWindow')}</span>, disabled: !tab },
      { key: 'close', icon: <CloseOutlined />, label: <span data-testid="tab-close">{t('tabs.close')}</span>, disabled: !tab || !!tab.affix },
      { type: 'divider' },
      { key: 'closeOthers', icon: <CloseCircleOutlined />, label: <span data-testid="tab-close-others">{t('tabs.closeOthers')}</span> },
      { key: 'closeLeft', icon: <VerticalRightOutlined />, label: <span data-testid="tab-close-left">{t('tabs.closeLeft')}</span>, disabled: i <= 0 },
      {
        key: 'closeRight',
        icon: <VerticalLeftOutlined />,
        label: <span data-testid="tab-close-right">{t('tabs.closeRight')}</span>,
        disabled: i < 0 || i >= tabs.length - 1,
      },
      { key: 'closeAll', icon: <CloseCircleOutlined />, label: <span data-testid="tab-close-all">{t('tabs.closeAll')}</span> },
    ];
  };

  const run = (action: string, key: string) => {
    const s = tabsStore.get();
    if (action === 'refresh') refresh(key);
    else if (action === 'newWindow') {
      const tab = s.tabs.find((x) => x.key === key);
      if (tab) window.open(tab.fullPath, '_blank', 'noopener');
    } else if (action === 'close') apply(closeTabIn(s, key));
    else if (action === 'closeOthers') apply(closeOthersIn(s, key));
    else if (action === 'closeLeft') apply(closeSideIn(s, key, 'left'));
    else if (action === 'closeRight') apply(closeSideIn(s, key, 'right'));
    else if (action === 'closeAll') apply(closeAllIn(s));
  };

  /** A plain left click switches here; middle, Ctrl/⌘ or Shift clicks open the link as the browser does. */
  const onLinkClick = (e: MouseEvent<HTMLAnchorElement>, fullPath: string, key: string) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    if (key !== pathname) navigate(fullPath);
  };

  return (
    <div className="venue-tabs-bar" data-testid="tabs-bar">
      {/*
        The open screens are links (issue 9): middle-click or Ctrl/⌘-click opens one in a new
        browser tab. They navigate between pages, so they are a navigation list of links, not
        ARIA tabs (a tab may not hold a link). The tab actions sit beside the list.
      */}
      <nav
        className="venue-tab-strip"
        aria-label={t('tabs.label')}
        style={{
          ['--venue-tab-active' as string]: token.colorLink,
          ['--venue-tab-border' as string]: token.colorBorderSecondary,
          ['--venue-tab-bg' as string]: token.colorFillQuaternary,
        }}
      >
        {tabs.map((tab) => {
          const active = tab.key === activeKey;
          return (
            <Dropdown key={tab.key} trigger={['contextMenu']} menu={{ items: actions(tab.key), onClick: ({ key }) => run(key, tab.key) }}>
              <div className={active ? 'venue-tab venue-tab-active' : 'venue-tab'}>
                <a
                  href={tab.fullPath}
                  data-testid="tab"
                  data-tab-key={tab.key}
                  aria-current={active ? 'page' : undefined}
                  onClick={(e) => onLinkClick(e, tab.fullPath, tab.key)}
                >
                  {labels[tab.key] ? `${title(tab.key)} · ${labels[tab.key]}` : title(tab.key)}
                </a>
                {tab.affix ? null : (
                  // A mouse closes with the mark; the keyboard with the tab actions beside the list.
                  <CloseOutlined
                    aria-hidden
                    className="venue-tab-close"
                    data-testid="tab-close-mark"
                    onClick={(e) => {
                      e.stopPropagation();
                      apply(closeTabIn(tabsStore.get(), tab.key));
                    }}
                  />
                )}
              </div>
            </Dropdown>
          );
        })}
      </nav>
      <Dropdown menu={{ items: actions(activeKey), onClick: ({ key }) => run(key, activeKey) }} placement="bottomRight">
        <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('tabs.more')} data-testid="tabs-more" className="venue-tabs-more" />
      </Dropdown>
    </div>
  );
}
