import { useMemo, useState } from 'react';
import { Button, Empty, Flex, Input, Spin, Tag, Tree } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/prefs.ts';
import { useMenuOptions, type MenuOption } from './menu.api.ts';
import './menuMessages.ts';
import { allIds as idsOf, checkedLeaves } from './menuTree.ts';

type Key = string | number;

/** Console-only: the tree's props. */
export interface MenuGrantTreeProps {
  value: number[];
  onChange: (ids: number[]) => void;
  /** Test id of the tree container. */
  testId?: string;
  height?: number;
}

/**
 * Checkbox tree of the menus the caller can grant (GET menu/options). Checking a node checks
 * its children; the value holds the checked and half-checked ids, so the directories of a
 * chosen screen are granted with it (a screen without its directory would not show).
 */
export function MenuGrantTree({ value, onChange, testId, height = 420 }: MenuGrantTreeProps) {
  const { t } = useTranslation('menu');
  const lang = useLang();
  const { data, isLoading } = useMenuOptions();
  const [search, setSearch] = useState('');
  const tree = useMemo(() => data ?? [], [data]);
  const allIds = useMemo(() => idsOf(tree), [tree]);
  const label = (n: MenuOption) => (lang === 'en-US' ? n.nameEn || n.name : n.name);
  const treeData = useMemo(() => {
    const q = search.trim().toLowerCase();
    const map = (nodes: MenuOption[]): { key: number; title: React.ReactNode; children: unknown[] }[] =>
      nodes.map((n) => ({
        key: n.id,
        title: (
          <span data-menu-id={n.id} style={q && label(n).toLowerCase().includes(q) ? { fontWeight: 600 } : undefined}>
            {label(n)}
            {n.type === 2 ? (
              <Tag style={{ marginInlineStart: 6 }} bordered={false}>
                {n.perms}
              </Tag>
            ) : null}
            {n.status !== 0 ? (
              <Tag color="red" style={{ marginInlineStart: 6 }}>
                {t('status.1')}
              </Tag>
            ) : null}
          </span>
        ),
        children: map(n.children),
      }));
    return map(tree);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the labels follow the tree, the language and the search; the render helpers read them
  }, [tree, lang, search]);
  if (isLoading) return <Spin />;
  if (!tree.length) return <Empty />;
  return (
    <div data-testid={testId}>
      <Flex gap={8} style={{ marginBottom: 8 }}>
        <Input.Search allowClear placeholder={t('searchMenu')} aria-label={t('searchMenu')} onChange={(e) => setSearch(e.target.value)} style={{ flex: 1 }} />
        <Button size="small" onClick={() => onChange(allIds)}>
          {t('checkAll')}
        </Button>
        <Button size="small" onClick={() => onChange([])}>
          {t('checkNone')}
        </Button>
      </Flex>
      <div style={{ maxHeight: height, overflow: 'auto' }}>
        <Tree
          checkable
          selectable={false}
          defaultExpandAll
          virtual={false}
          treeData={treeData as never}
          checkedKeys={checkedLeaves(tree, value)}
          onCheck={(checked, info) => {
            const full = (Array.isArray(checked) ? checked : checked.checked) as Key[];
            const half = (info.halfCheckedKeys ?? []) as Key[];
            onChange([...new Set([...full, ...half].map(Number))]);
          }}
        />
      </div>
    </div>
  );
}
