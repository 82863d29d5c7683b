import { useEffect, useState } from 'react';
import { Button, theme } from 'antd';
import { FullscreenOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { queueBoard } from '@venue/contract';
import type { z } from 'zod';
import { api, http } from '../../../app/request.ts';
import { useDeskT } from './shared.ts';

type Board = z.output<typeof queueBoard>;
/** The hall screen refetches this often: calls show within two seconds on every process's screens (the board is read from the database). */
const REFRESH_MS = 2_000;
/** The numbers called before the current one that fit under it. */
const BEFORE_SHOWN = 8;

/** Whether the browser shows the page full screen (F11 or the button). */
function useFullscreen(): boolean {
  const [on, setOn] = useState(() => !!document.fullscreenElement);
  useEffect(() => {
    const f = () => setOn(!!document.fullscreenElement);
    document.addEventListener('fullscreenchange', f);
    return () => document.removeEventListener('fullscreenchange', f);
  }, []);
  return on;
}

/**
 * The hall's screen, on a page of its own (no console layout; opened from the queue screen in a
 * new tab, signed in): the number called now in type sized to the screen, the ones called before
 * it, and how many wait. Colours are the theme's, so it reads in both themes.
 */
export default function QueueDisplayPage() {
  const t = useDeskT();
  const { token } = theme.useToken();
  const { stadiumId } = useParams();
  const fullscreen = useFullscreen();
  const board = useQuery({
    queryKey: ['deskops', 'queueBoard', stadiumId],
    queryFn: () => http.get<Board>(api.sport('queue/board'), { stadiumId }),
    refetchInterval: REFRESH_MS,
  });
  const b = board.data;
  const [now, ...earlier] = b?.called ?? [];
  const before = earlier.slice(0, BEFORE_SHOWN);
  useEffect(() => {
    if (b?.stadiumName) document.title = `${b.stadiumName} · ${t('queue.displayTitle')}`;
  }, [b?.stadiumName, t]);
  return (
    <main
      data-testid="queue-board"
      style={{
        minHeight: '100vh',
        boxSizing: 'border-box',
        padding: '4vh 4vw',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'space-between',
        gap: '3vh',
        background: token.colorBgContainer,
        color: token.colorText,
        textAlign: 'center',
        position: 'relative',
      }}
    >
      {fullscreen ? null : (
        <Button
          type="text"
          icon={<FullscreenOutlined />}
          onClick={() => void document.documentElement.requestFullscreen?.().catch(() => undefined)}
          style={{ position: 'absolute', top: 12, insetInlineEnd: 12, color: token.colorTextSecondary }}
          data-testid="queue-board-fullscreen"
        >
          {t('queue.fullscreen')}
        </Button>
      )}
      <h1 style={{ margin: 0, fontSize: 'clamp(28px, 5vh, 64px)', fontWeight: 600, color: token.colorTextHeading }}>{b?.stadiumName}</h1>
      {now ? (
        <div data-testid="queue-board-now">
          <div style={{ fontSize: 'clamp(120px, 32vh, 420px)', lineHeight: 1, fontWeight: 700, color: token.colorPrimary, fontVariantNumeric: 'tabular-nums' }}>
            {now.number}
          </div>
          <div style={{ fontSize: 'clamp(32px, 7vh, 96px)', fontWeight: 600, marginTop: '2vh' }}>
            {t('queue.nowCalling', { number: now.number, desk: now.desk ?? '' })}
          </div>
        </div>
      ) : (
        <div style={{ fontSize: 'clamp(40px, 9vh, 120px)', color: token.colorTextSecondary }}>{t('queue.none')}</div>
      )}
      <div>
        {before.length ? (
          <div style={{ fontSize: 'clamp(20px, 3.5vh, 40px)', color: token.colorTextSecondary, marginBottom: '1.5vh' }}>{t('queue.calledBefore')}</div>
        ) : null}
        <div
          data-testid="queue-board-before"
          style={{
            display: 'flex',
            gap: '2vw',
            justifyContent: 'center',
            flexWrap: 'wrap',
            fontSize: 'clamp(32px, 6vh, 80px)',
            fontVariantNumeric: 'tabular-nums',
          }}
        >
          {before.map((x) => (
            <span key={x.id} style={{ padding: '0.1em 0.6em', border: `3px solid ${token.colorBorder}`, borderRadius: 16 }}>
              {x.number}
            </span>
          ))}
        </div>
      </div>
      <div style={{ fontSize: 'clamp(24px, 5vh, 64px)', fontWeight: 500 }}>
        {t('queue.waiting', { count: b?.waiting ?? 0 })} · {t('queue.lastNumber', { count: b?.lastNumber ?? 0 })}
      </div>
    </main>
  );
}
