import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Badge, Card, Empty, Flex, Select, Space, Spin, Tag, Typography, theme } from 'antd';
import { GOLF_BAY_STATES, type GolfBayRow, type GolfBayState, type GolfBaysAnswer } from '@venue/contract';
import { api, http } from '../../../app/request.ts';
import { useSession } from '../../../app/session.ts';
import { liveRefetchMs, useVenueLive } from '../../../app/station.ts';
import { hhmmIn, useVenueOptions } from '../../../kit/index.ts';
import { useEquipmentT } from './shared.tsx';

/** Each state's colour: antd's preset names, which both themes (default and dark) render legibly. */
const STATE_COLORS: Record<GolfBayState, string> = { free: 'green', booked: 'blue', inUse: 'orange', faulty: 'red' };

function BayTile({ bay, timeZone }: { bay: GolfBayRow; timeZone: string }) {
  const t = useEquipmentT();
  const { token } = theme.useToken();
  const color = STATE_COLORS[bay.state];
  const border = { free: token.colorSuccess, booked: token.colorPrimary, inUse: token.colorWarning, faulty: token.colorError }[bay.state];
  return (
    <Card
      size="small"
      role="listitem"
      aria-label={`${bay.name}: ${t(`golf.state.${bay.state}`)}`}
      data-testid={`golf-bay-${bay.siteId}`}
      data-state={bay.state}
      style={{ width: 200, borderInlineStart: `4px solid ${border}` }}
      styles={{ body: { padding: 12 } }}
    >
      <Flex justify="space-between" align="center" gap={8}>
        <Typography.Text strong ellipsis>
          {bay.name}
        </Typography.Text>
        <Tag color={color} data-testid={`golf-bay-${bay.siteId}-state`} style={{ marginInlineEnd: 0 }}>
          {t(`golf.state.${bay.state}`)}
        </Tag>
      </Flex>
      <div style={{ minHeight: 44, marginTop: 8 }}>
        {bay.booking && (
          <Typography.Text style={{ display: 'block' }} data-testid={`golf-bay-${bay.siteId}-booking`}>
            {t('golf.booking', {
              name: bay.booking.buyerName || t('golf.walkIn'),
              from: hhmmIn(bay.booking.startTime, timeZone),
              to: hhmmIn(bay.booking.endTime, timeZone),
            })}
          </Typography.Text>
        )}
        {bay.fault && (
          <div data-testid={`golf-bay-${bay.siteId}-fault`}>
            <Typography.Text type="danger" style={{ display: 'block' }}>
              {t(`golf.fault.${bay.fault}`)}
            </Typography.Text>
            {bay.faultCode && (
              <Typography.Text type="danger" style={{ display: 'block' }}>
                {t('golf.faultCode', { code: bay.faultCode })}
              </Typography.Text>
            )}
          </div>
        )}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: token.fontSizeSM }}>
        {bay.deviceName ? t('golf.controller', { name: bay.deviceName }) : t('golf.noController')}
      </Typography.Text>
    </Card>
  );
}

/**
 * sport.golf.position (golfPositionView): the golf bays of a venue, each free, booked, in use or
 * faulty, with the booking's buyer and time. The server pushes a hint when a booking, check-in or
 * controller of the venue changes (the station socket), and the view refetches at once; without
 * the socket it asks every 2 s (docs/decisions.md, "Golf bays").
 */
export default function GolfPositionPage() {
  const t = useEquipmentT();
  const sessionVenue = useSession((s) => s.stadiumId);
  const venues = useVenueOptions();
  const [picked, setPicked] = useState<number | null>(null);
  const venueId = picked ?? sessionVenue ?? (venues[0]?.value as number | undefined) ?? null;
  const live = useVenueLive(venueId);
  const bays = useQuery({
    queryKey: ['equipment', 'golfBays', venueId ?? 0],
    enabled: !!venueId,
    queryFn: () => http.post<GolfBaysAnswer>(api.sport('equipment/golf/bays'), { stadiumId: venueId }, { silent: true }),
    refetchInterval: liveRefetchMs(),
    refetchIntervalInBackground: false,
  });
  const { refetch } = bays;
  useEffect(() => {
    if (live) void refetch();
  }, [live, refetch]);

  const list = bays.data?.bays ?? [];
  const counts = Object.fromEntries(GOLF_BAY_STATES.map((s) => [s, list.filter((b) => b.state === s).length])) as Record<GolfBayState, number>;
  const timeZone = bays.data?.timeZone ?? 'Asia/Shanghai';

  return (
    <Space direction="vertical" size={12} style={{ width: '100%' }}>
      <Card size="small">
        <Flex wrap gap={16} align="center" justify="space-between">
          <Space wrap>
            <Typography.Text id="golf-venue-label">{t('golf.venue')}</Typography.Text>
            <Select
              aria-labelledby="golf-venue-label"
              style={{ minWidth: 200 }}
              value={venueId ?? undefined}
              options={venues.map((v) => ({ value: v.value as number, label: v.label }))}
              onChange={(v: number) => setPicked(v)}
              data-testid="golf-venue"
            />
          </Space>
          <Space wrap size={12} aria-label={t('golf.legend')} data-testid="golf-legend">
            {GOLF_BAY_STATES.map((s) => (
              <Badge key={s} color={STATE_COLORS[s]} text={`${t(`golf.state.${s}`)} ${t('golf.count', { n: counts[s] })}`} data-testid={`golf-count-${s}`} />
            ))}
          </Space>
          <Typography.Text type="secondary" data-testid="golf-updated">
            {bays.data ? t('golf.updated', { time: hhmmIn(bays.data.now, timeZone) }) : ''} · {t('golf.live')}
          </Typography.Text>
        </Flex>
      </Card>
      {!venueId ? (
        <Empty description={t('golf.noVenue')} />
      ) : bays.isPending ? (
        <Spin />
      ) : !list.length ? (
        <Empty description={t('golf.empty')} data-testid="golf-empty" />
      ) : (
        <Flex wrap gap={12} role="list" data-testid="golf-bays">
          {list.map((b) => (
            <BayTile key={b.siteId} bay={b} timeZone={timeZone} />
          ))}
        </Flex>
      )}
    </Space>
  );
}
