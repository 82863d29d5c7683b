import { Button, Checkbox, Dropdown, Flex, Popover, Tooltip, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, ColumnHeightOutlined, FullscreenExitOutlined, FullscreenOutlined, SettingOutlined } from '@ant-design/icons';
import { moveColumn, type Density, type TablePrefs } from './columns.ts';
import { useKitT } from './kitI18n.ts';

export interface TableToolbarProps {
  /** Test ids `${id}-columns`, `${id}-columns-panel`, `${id}-column-<key>`, `${id}-column-up-<key>`, `${id}-column-down-<key>`, `${id}-density`, `${id}-fullscreen`. */
  id: string;
  /** Every table column in the current order, with its title and shown state. */
  columns: { key: string; title: string; shown: boolean }[];
  density: Density;
  fullscreen: boolean;
  /** New settings (null: back to the description's defaults). */
  onPrefs: (prefs: TablePrefs | null) => void;
  onDensity: (d: Density) => void;
  onFullscreen: (on: boolean) => void;
}

/**
 * The table's own tools, as operators of ant-design-pro consoles expect them: column settings
 * (show, hide, order; remembered per user), density and full screen.
 */
export function TableToolbar({ id, columns, density, fullscreen, onPrefs, onDensity, onFullscreen }: TableToolbarProps) {
  const tk = useKitT();
  const order = columns.map((c) => c.key);
  const hidden = columns.filter((c) => !c.shown).map((c) => c.key);
  const shownCount = columns.length - hidden.length;
  const set = (next: Partial<TablePrefs>) => onPrefs({ order, hidden, density, ...next });

  const panel = (
    <div className="kit-column-panel" data-testid={`${id}-columns-panel`}>
      <Flex justify="space-between" align="center" className="kit-column-panel-head">
        <Checkbox
          checked={hidden.length === 0}
          indeterminate={hidden.length > 0 && shownCount > 0}
          onChange={(e) => set({ hidden: e.target.checked ? [] : order.slice(1) })}
        >
          {tk('columnsShowAll')}
        </Checkbox>
        <Typography.Link onClick={() => onPrefs(null)} data-testid={`${id}-columns-reset`}>
          {tk('columnsReset')}
        </Typography.Link>
      </Flex>
      <ul className="kit-column-list">
        {columns.map((c, i) => (
          <li key={c.key}>
            <Checkbox
              checked={c.shown}
              // The last shown column stays.
              disabled={c.shown && shownCount === 1}
              onChange={(e) => set({ hidden: e.target.checked ? hidden.filter((k) => k !== c.key) : [...hidden, c.key] })}
              data-testid={`${id}-column-${c.key}`}
            >
              {c.title}
            </Checkbox>
            <span className="kit-column-move">
              <Button
                type="text"
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                aria-label={`${tk('columnUp')} ${c.title}`}
                onClick={() => set({ order: moveColumn(order, c.key, -1) })}
                data-testid={`${id}-column-up-${c.key}`}
              />
              <Button
                type="text"
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={i === columns.length - 1}
                aria-label={`${tk('columnDown')} ${c.title}`}
                onClick={() => set({ order: moveColumn(order, c.key, 1) })}
                data-testid={`${id}-column-down-${c.key}`}
              />
            </span>
          </li>
        ))}
      </ul>
    </div>
  );

  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          selectable: true,
          selectedKeys: [density],
          items: [
            { key: 'large', label: tk('densityLarge') },
            { key: 'middle', label: tk('densityMiddle') },
            { key: 'small', label: tk('densitySmall') },
          ],
          onClick: ({ key }) => onDensity(key as Density),
        }}
      >
        <Tooltip title={tk('density')}>
          <Button type="text" icon={<ColumnHeightOutlined />} aria-label={tk('density')} data-testid={`${id}-density`} />
        </Tooltip>
      </Dropdown>
      <Popover content={panel} title={tk('columnSettings')} trigger="click" placement="bottomRight">
        <Tooltip title={tk('columnSettings')}>
          <Button type="text" icon={<SettingOutlined />} aria-label={tk('columnSettings')} data-testid={`${id}-columns`} />
        </Tooltip>
      </Popover>
      <Tooltip title={fullscreen ? tk('exitFullscreen') : tk('fullscreen')}>
        <Button
          type="text"
          icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          aria-label={fullscreen ? tk('exitFullscreen') : tk('fullscreen')}
          aria-pressed={fullscreen}
          onClick={() => onFullscreen(!fullscreen)}
          data-testid={`${id}-fullscreen`}
        />
      </Tooltip>
    </>
  );
}
