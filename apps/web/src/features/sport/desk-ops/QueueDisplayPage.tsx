import { theme } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { queueBoard } from '@venue/contract';
import type { z } from 'zod';
import { api, http } from '../../../app/request.ts';
import { useDeskT } from './shared.ts';

type Board = z.output<typeof queueBoard>;
/** The hall screen refetches this often: calls show within two seconds on every process's screens (the board is read from the database). */
const REFRESH_MS = 2_000;

/** The hall's screen: the number called now in large type, the ones called before it, and how many wait. */
export default function QueueDisplayPage() {
  const t = useDeskT();
  const { token } = theme.useToken();
  const { stadiumId } = useParams();
  const board = useQuery({
    queryKey: ['deskops', 'queueBoard', stadiumId],
    queryFn: () => http.get<Board>(api.sport('queue/board'), { stadiumId }),
    refetchInterval: REFRESH_MS,
  });
  const b = board.data;
  const [now, ...before] = b?.called ?? [];
  return (
    <div
      data-testid="queue-board"
      style={{
        minHeight: '70vh',
        padding: 32,
        background: token.colorBgContainer,
        color: token.colorText,
        borderRadius: token.borderRadiusLG,
        textAlign: 'center',
      }}
    >
      <div style={{ fontSize: 32, fontWeight: 600 }}>{b?.stadiumName}</div>
      {now ? (
        <div data-testid="queue-board-now" style={{ margin: '24px 0' }}>
          <div style={{ fontSize: 160, lineHeight: 1.1, fontWeight: 700, color: token.colorPrimary }}>{now.number}</div>
          <div style={{ fontSize: 40 }}>{t('queue.nowCalling', { number: now.number, desk: now.desk ?? '' })}</div>
        </div>
      ) : (
        <div style={{ fontSize: 48, margin: '48px 0' }}>{t('queue.none')}</div>
      )}
      <div data-testid="queue-board-before" style={{ display: 'flex', gap: 24, justifyContent: 'center', flexWrap: 'wrap', fontSize: 48 }}>
        {before.map((x) => (
          <span key={x.id} style={{ padding: '4px 24px', border: `2px solid ${token.colorBorder}`, borderRadius: 12 }}>
            {x.number}
          </span>
        ))}
      </div>
      <div style={{ fontSize: 32, marginTop: 32 }}>
        {t('queue.waiting', { count: b?.waiting ?? 0 })} · {t('queue.lastNumber', { count: b?.lastNumber ?? 0 })}
      </div>
    </div>
  );
}
