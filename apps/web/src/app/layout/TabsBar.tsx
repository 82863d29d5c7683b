import { Button, Dropdown, Tabs, type MenuProps } from 'antd';
import {
  CloseCircleOutlined,
  CloseOutlined,
  DownOutlined,
  ReloadOutlined,
  VerticalLeftOutlined,
  VerticalRightOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { REDIRECT_PREFIX } from '../routes.ts';
import {
  closeAllIn,
  closeOthersIn,
  closeSideIn,
  closeTabIn,
  tabsStore,
  useActiveTabKey,
  useTabs,
  type TabsState,
} from '../tabs.ts';
import { useKeepAlive } from './keepAlive.tsx';
import { useScreenTitle } from './titles.ts';

/** Open screens as tabs: click to switch, close, close others / left / right / all, refresh. */
export function TabsBar() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const tabs = useTabs();
  const storedActive = useActiveTabKey();
  const { pathname } = useLocation();
  // The location is the truth (the store follows it one effect later); /redirect/... is a hop.
  const activeKey = tabs.some((x) => x.key === pathname) ? pathname : storedActive;
  const title = useScreenTitle();
  const keepAlive = useKeepAlive();

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
    else if (action === 'close') apply(closeTabIn(s, key));
    else if (action === 'closeOthers') apply(closeOthersIn(s, key));
    else if (action === 'closeLeft') apply(closeSideIn(s, key, 'left'));
    else if (action === 'closeRight') apply(closeSideIn(s, key, 'right'));
    else if (action === 'closeAll') apply(closeAllIn(s));
  };

  return (
    <div className="venue-tabs-bar" data-testid="tabs-bar">
      {/* The tab actions sit beside the tab list, not inside it: a tablist holds tabs only (WCAG 4.1.2). */}
      <Tabs
        style={{ flex: 1, minWidth: 0 }}
        type="editable-card"
        hideAdd
        size="small"
        activeKey={activeKey}
        onTabClick={(key) => {
          const tab = tabs.find((x) => x.key === key);
          if (tab && key !== pathname) navigate(tab.fullPath);
        }}
        onEdit={(key, action) => {
          if (action === 'remove' && typeof key === 'string') apply(closeTabIn(tabsStore.get(), key));
        }}
        items={tabs.map((tab) => ({
          key: tab.key,
          // The close mark is part of the tab (a tablist holds tabs only, WCAG 4.1.2): a mouse
          // closes with it; the keyboard with the tab actions (the menu beside the tabs).
          closable: false,
          label: (
            <Dropdown trigger={['contextMenu']} menu={{ items: actions(tab.key), onClick: ({ key }) => run(key, tab.key) }}>
              <span data-testid="tab" data-tab-key={tab.key}>
                {title(tab.key)}
                {tab.affix ? null : (
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
              </span>
            </Dropdown>
          ),
        }))}
      />
      <Dropdown menu={{ items: actions(activeKey), onClick: ({ key }) => run(key, activeKey) }} placement="bottomRight">
        <Button type="text" size="small" icon={<DownOutlined />} aria-label={t('tabs.more')} data-testid="tabs-more" className="venue-tabs-more" />
      </Dropdown>
    </div>
  );
}
