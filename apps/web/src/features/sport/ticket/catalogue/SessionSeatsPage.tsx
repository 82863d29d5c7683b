import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Empty, Select, Skeleton, Space, Tag, Typography, theme } from 'antd';
import { ArrowLeftOutlined, ExpandOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import type { LevelRow, Page, SeatState, SeatmapDetail, SeatmapDocument, SessionRow, SessionSeat } from '@venue/contract';
import { SEAT_STATES, Perm } from '@venue/contract';
import { http } from '../../../../app/request.ts';
import { success } from '../../../../app/feedback.tsx';
import { useThemeName } from '../../../../app/prefs.ts';
import { useTabLabel } from '../../../../app/tabs.ts';
import { useCan } from '../../../../kit/index.ts';
import { NO_LEVEL_COLOR, SeatCanvas, UNSOLD_COLOR, type SeatCanvasHandle } from '../seatmap/SeatCanvas.tsx';
import '../seatmap/seatmap.css';
import { projectDetailPath, ticketPath, useCatalogueT } from './shared.ts';

/**
 * Seat modification for one session (issue 13): the session's seats on its map, read-only, coloured
 * by state (free seats in their level's colour, held orange, sold dark, blocked grey with a cross).
 * Select seats (click, box, or a whole row) and block, release or re-level them; only this session's
 * seats change, never the map or its other sessions.
 */
const HELD_COLOR = '#fa8c16';
const SOLD_COLOR = '#434343';
const noop = () => undefined;

type Row = SessionSeat & { seatKey: string };
const NO_SEATS: Row[] = [];

/** The map drawn with the session's seats: each seat's price-area key is replaced by a key of its state and level. */
function sessionDocument(map: SeatmapDocument, seats: Row[]): SeatmapDocument {
  const byKey = new Map(seats.map((s) => [s.seatKey, s]));
  return {
    ...map,
    background: map.background ?? null,
    seats: map.seats.map((m) => {
      const s = byKey.get(m.key);
      if (!s) return { ...m, levelKey: null };
      if (s.state === 'blocked') return { ...m, kind: 'unsold' as const, levelKey: null };
      return { ...m, kind: m.kind === 'unsold' ? ('normal' as const) : m.kind, levelKey: `${s.state}:${s.levelId ?? 0}` };
    }),
  };
}

export default function SessionSeatsPage() {
  const t = useCatalogueT();
  const navigate = useNavigate();
  const can = useCan();
  const { token } = theme.useToken();
  const dark = useThemeName() === 'dark';
  const sessionId = Number(useParams().sessionId);
  const canvas = useRef<SeatCanvasHandle>(null);
  const session = useQuery({
    queryKey: ['ticketCatalogue', 'session', sessionId],
    queryFn: () => http.get<SessionRow>(ticketPath(`session/${sessionId}`)),
    enabled: sessionId > 0,
  });
  const seatmapId = session.data?.seated ? session.data.seatmapId : null;
  const map = useQuery({
    queryKey: ['ticketCatalogue', 'seatmap', seatmapId ?? 0],
    queryFn: () => http.get<SeatmapDetail>(ticketPath(`seatmap/${seatmapId}`)),
    enabled: !!seatmapId,
  });
  const seats = useQuery({
    queryKey: ['ticketCatalogue', 'seats', sessionId],
    queryFn: () => http.post<{ seats: Row[] }>(ticketPath(`session/${sessionId}/seats`), { detail: true }),
    enabled: !!session.data?.seated,
  });
  const levels = useQuery({
    queryKey: ['ticketCatalogue', 'levels', sessionId],
    queryFn: () => http.post<Page<LevelRow>>(ticketPath('level/list'), { sessionId, pageNum: 1, pageSize: 100 }),
    enabled: sessionId > 0,
  });
  useTabLabel(session.data?.name);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [zone, setZone] = useState<string | null>(null);
  const [row, setRow] = useState<string | null>(null);
  const [levelId, setLevelId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const mayChange = can(Perm.ticket.session);

  const rows = seats.data?.seats ?? NO_SEATS;
  const byKey = useMemo(() => new Map(rows.map((s) => [s.seatKey, s])), [rows]);
  const doc = useMemo(() => (map.data ? sessionDocument(map.data.document, rows) : null), [map.data, rows]);
  const levelColors = useMemo(() => {
    const m = new Map<string, string>();
    for (const l of [...(levels.data?.data ?? []), { id: 0, color: NO_LEVEL_COLOR }]) {
      m.set(`free:${l.id}`, l.color);
      m.set(`held:${l.id}`, HELD_COLOR);
      m.set(`sold:${l.id}`, SOLD_COLOR);
    }
    return m;
  }, [levels.data]);
  const counts = useMemo(() => {
    const c: Record<SeatState, number> = { free: 0, held: 0, sold: 0, blocked: 0 };
    for (const s of rows) c[s.state as SeatState] += 1;
    return c;
  }, [rows]);
  const chosen = useMemo(() => [...selected].map((k) => byKey.get(k)).filter((s): s is Row => !!s), [selected, byKey]);
  /** A session seat names its zone by the zone's name. */
  const zones = useMemo(() => [...new Set(rows.map((x) => x.zone))], [rows]);
  const zoneRows = useMemo(() => [...new Set(rows.filter((s) => s.zone === zone).map((s) => s.row))], [rows, zone]);

  const select = (keys: string[], mode: 'replace' | 'add' | 'toggle') =>
    setSelected((cur) => {
      const sellable = keys.filter((k) => byKey.has(k));
      if (mode === 'replace') return new Set(sellable);
      const next = new Set(cur);
      for (const k of sellable) {
        if (mode === 'toggle' && next.has(k)) next.delete(k);
        else next.add(k);
      }
      return next;
    });

  const change = async (action: 'block' | 'release' | 'relevel') => {
    if (!chosen.length) return;
    setBusy(true);
    try {
      const seatIds = chosen.map((s) => s.id);
      const body = action === 'relevel' ? { seatIds, levelId } : { seatIds };
      const answer = await http.post<{ changed: number }>(ticketPath(`session/${sessionId}/seats/${action}`), body);
      success(t('changedN', { n: answer.changed }));
      setSelected(new Set());
      await Promise.all([seats.refetch(), levels.refetch()]);
    } finally {
      setBusy(false);
    }
  };

  if (session.isLoading) return <Skeleton active />;
  if (!session.data) return <Empty />;
  const s = session.data;
  const legend: { state: SeatState; color: string }[] = [
    { state: 'free', color: levels.data?.data[0]?.color ?? NO_LEVEL_COLOR },
    { state: 'held', color: HELD_COLOR },
    { state: 'sold', color: SOLD_COLOR },
    { state: 'blocked', color: UNSOLD_COLOR },
  ];
  return (
    <div className="seatmap-designer" data-testid="sessionSeats">
      <div className="seatmap-toolbar">
        <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(projectDetailPath(s.projectId))} data-testid="sessionSeats-back">
          {s.projectName}
        </Button>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('seatsTitle', { name: s.name })}
        </Typography.Title>
        <span className="seatmap-toolbar-gap" />
        <Button icon={<ExpandOutlined />} onClick={() => canvas.current?.fit()} data-testid="sessionSeats-fit">
          {t('fit')}
        </Button>
      </div>
      {!s.seated ? (
        <Alert type="info" showIcon title={t('notSeated')} />
      ) : !doc ? (
        <Skeleton active />
      ) : (
        <div className="seatmap-body">
          <div className="seatmap-stage">
            <SeatCanvas
              ref={canvas}
              doc={doc}
              selected={selected}
              tool="select"
              colorBy="level"
              levelColors={levelColors}
              rowSpec={null}
              dark={dark}
              primary={token.colorPrimary}
              onSelect={select}
              onMove={noop}
              onPlaceRow={noop}
            />
            <div className="seatmap-status">
              <span>{chosen.length ? t('selectedN', { n: chosen.length }) : t('selectHint')}</span>
            </div>
          </div>
          <div className="seatmap-panel">
            <div className="seatmap-section" data-testid="sessionSeats-legend">
              <div className="seatmap-section-head">
                <Typography.Text strong>{t('seats')}</Typography.Text>
                <Typography.Text type="secondary">{rows.length}</Typography.Text>
              </div>
              {legend.map((l) => (
                <div key={l.state} style={{ display: 'flex', alignItems: 'center', gap: 8, padding: '2px 0' }}>
                  <span aria-hidden style={{ width: 12, height: 12, borderRadius: '50%', background: l.color, flex: 'none' }} />
                  <span style={{ flex: 1 }}>{l.state === 'free' ? t('freeByLevel') : t(`seatState.${l.state}`)}</span>
                  <Typography.Text data-testid={`sessionSeats-count-${l.state}`}>{counts[l.state]}</Typography.Text>
                </div>
              ))}
            </div>
            <div className="seatmap-section">
              <div className="seatmap-section-head">
                <Typography.Text strong>{t('levels')}</Typography.Text>
              </div>
              <Space size={[4, 4]} wrap>
                {(levels.data?.data ?? []).map((l) => (
                  <Tag key={l.id}>
                    <span aria-hidden style={{ display: 'inline-block', width: 8, height: 8, borderRadius: '50%', background: l.color, marginInlineEnd: 6 }} />
                    {`${l.name} · ${t('field.available')} ${l.available}`}
                  </Tag>
                ))}
              </Space>
            </div>
            <div className="seatmap-section">
              <Space orientation="vertical" style={{ width: '100%' }}>
                <Space.Compact style={{ width: '100%' }}>
                  <Select
                    aria-label={t('zone')}
                    style={{ width: '45%' }}
                    value={zone}
                    onChange={(v) => {
                      setZone(v);
                      setRow(null);
                    }}
                    options={zones.map((z) => ({ value: z, label: z }))}
                    placeholder={t('zone')}
                    data-testid="sessionSeats-zone"
                  />
                  <Select
                    aria-label={t('row')}
                    style={{ width: '30%' }}
                    value={row}
                    onChange={setRow}
                    options={zoneRows.map((r) => ({ value: r, label: r }))}
                    placeholder={t('row')}
                    data-testid="sessionSeats-row"
                  />
                  <Button
                    style={{ width: '25%' }}
                    disabled={!zone || !row}
                    onClick={() =>
                      select(
                        rows.filter((x) => x.zone === zone && x.row === row).map((x) => x.seatKey),
                        'add',
                      )
                    }
                    data-testid="sessionSeats-selectRow"
                  >
                    {t('selectRow')}
                  </Button>
                </Space.Compact>
                <Typography.Text data-testid="sessionSeats-selected">{t('selectedN', { n: chosen.length })}</Typography.Text>
                {chosen.length ? (
                  <Space size={[4, 4]} wrap>
                    {SEAT_STATES.map((st) => {
                      const n = chosen.filter((c) => c.state === st).length;
                      return n ? <Tag key={st}>{`${t(`seatState.${st}`)} ${n}`}</Tag> : null;
                    })}
                  </Space>
                ) : null}
                {mayChange ? (
                  <>
                    <Space wrap>
                      <Button danger disabled={!chosen.length} loading={busy} onClick={() => void change('block')} data-testid="sessionSeats-block">
                        {t('block')}
                      </Button>
                      <Button disabled={!chosen.length} loading={busy} onClick={() => void change('release')} data-testid="sessionSeats-release">
                        {t('release')}
                      </Button>
                      <Button type="text" disabled={!chosen.length} onClick={() => setSelected(new Set())} data-testid="sessionSeats-clear">
                        {t('clearSelection')}
                      </Button>
                    </Space>
                    <Space.Compact style={{ width: '100%' }}>
                      <Select
                        aria-label={t('relevelTo')}
                        style={{ flex: 1 }}
                        value={levelId}
                        onChange={setLevelId}
                        placeholder={t('relevelTo')}
                        options={(levels.data?.data ?? []).map((l) => ({ value: l.id, label: l.name }))}
                        data-testid="sessionSeats-level"
                      />
                      <Button disabled={!chosen.length || !levelId} loading={busy} onClick={() => void change('relevel')} data-testid="sessionSeats-relevel">
                        {t('relevel')}
                      </Button>
                    </Space.Compact>
                  </>
                ) : null}
              </Space>
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
