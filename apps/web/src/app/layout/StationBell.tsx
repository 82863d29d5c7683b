import { useState } from 'react';
import { Badge, Button, Empty, Flex, List, Popover, Tooltip, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import type { StationRow } from '@venue/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../format.ts';
import { menuHasPath } from '../menu.ts';
import { api, http } from '../request.ts';
import { useSession } from '../session.ts';
import { setUnread, useStationLive, useUnread } from '../station.ts';

/** The station messages screen (the bell's 'view all'). */
export const STATION_PATH = '/message/station';
const SHOWN = 5;

/** The top bar's bell: the unread count, live or polled, and the newest unread messages. */
export function StationBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const unread = useUnread();
  const signedIn = useSession((s) => !!s.userInfo);
  const canList = useSession((s) => menuHasPath(s.menus, STATION_PATH));
  const [open, setOpen] = useState(false);
  const [rows, setRows] = useState<StationRow[] | null>(null);
  useStationLive(signedIn);

  const load = async () => {
    try {
      const page = await http.post<{ total: number; data: StationRow[] }>(api.system('station/list'), { read: 'unread', pageSize: SHOWN });
      setRows(page.data);
      setUnread(page.total);
    } catch {
      setRows([]);
    }
  };

  const openMessage = async (m: StationRow) => {
    setOpen(false);
    const r = await http.put<{ unread: number }>(api.system(`station/${m.id}/read`));
    setUnread(r.unread);
    if (m.link) navigate(m.link);
  };

  const readAll = async () => {
    const r = await http.put<{ unread: number }>(api.system('station/read-all'));
    setUnread(r.unread);
    setRows([]);
  };

  const content = (
    <div style={{ width: 320 }} data-testid="station-popover">
      {rows && rows.length ? (
        <List
          size="small"
          dataSource={rows}
          renderItem={(m) => (
            <List.Item key={m.id} style={{ cursor: 'pointer', paddingInline: 4 }} onClick={() => void openMessage(m)} data-testid="station-popover-item">
              <List.Item.Meta
                title={<Typography.Text ellipsis={{ tooltip: m.title }}>{m.title}</Typography.Text>}
                description={
                  <Flex vertical gap={2}>
                    <Typography.Text type="secondary" ellipsis style={{ fontSize: 12 }}>
                      {m.content}
                    </Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatDate(m.createTime)}
                    </Typography.Text>
                  </Flex>
                }
              />
            </List.Item>
          )}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout.noMessages')} />
      )}
      <Flex justify="space-between" style={{ marginTop: 8 }}>
        <Button size="small" type="link" disabled={!unread} onClick={() => void readAll()} data-testid="station-read-all">
          {t('layout.readAll')}
        </Button>
        {canList ? (
          <Button
            size="small"
            type="link"
            onClick={() => {
              setOpen(false);
              navigate(STATION_PATH);
            }}
            data-testid="station-view-all"
          >
            {t('layout.viewAll')}
          </Button>
        ) : null}
      </Flex>
    </div>
  );

  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('layout.messages')}
      content={content}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) void load();
      }}
    >
      <Tooltip title={t('layout.messages')}>
        <Button
          type="text"
          aria-label={unread ? t('layout.unreadMessages', { count: unread }) : t('layout.messages')}
          data-testid="station-messages"
          data-unread={unread}
          icon={
            <Badge count={unread} size="small" overflowCount={99} data-testid="station-badge">
              <BellOutlined />
            </Badge>
          }
        />
      </Tooltip>
    </Popover>
  );
}
