import type { FastifyInstance } from 'fastify';
import type {} from '@fastify/websocket'; // its route options (websocket: true)
import type { WebSocket } from 'ws';
import type { LivePush, StationPush } from '@venue/contract';
import type { AppContext, Caller } from '../../../platform/http.ts';
import { scopeOf } from '../../../platform/scope.ts';
import { pageStation, unreadCount } from './station.repository.ts';
import { LIVE_CHANNEL, STATION_CHANNEL, stationRowOf } from './station.service.ts';

/** The token of a session -> its caller, or null when the session has ended. */
export type SessionResolver = (token: string) => Promise<Caller | null>;

// The console sends its session token as the first frame, so it never travels in a URL.
const AUTH_WAIT_MS = 10_000;
const PING_MS = 25_000;
/** Close codes the console reads: no valid session (sign in again) / socket messaging switched off. */
export const SOCKET_UNAUTHORISED = 4401;

interface Conn {
  socket: WebSocket;
  token: string;
  caller: Caller;
}

/**
 * Live push of station messages (issue 14). Every server process keeps its own open consoles and
 * listens on the database channel that deliveries and read marks notify (after their commit), so a
 * message sent by any process reaches a console connected to any other.
 */
export class StationHub {
  private readonly byUser = new Map<number, Set<Conn>>();
  private stopListening: (() => Promise<void>) | null = null;
  private stopLive: (() => Promise<void>) | null = null;
  private pinger: NodeJS.Timeout | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly resolve: SessionResolver,
  ) {}

  async start(): Promise<void> {
    this.stopListening = await this.ctx.database.listen(
      STATION_CHANNEL,
      (payload) => void this.onNotify(payload),
      // Notifications sent while the listening connection was down are lost: everyone catches up.
      () => void this.pushTo([...this.byUser.keys()], false),
    );
    // Venue hints (bookings, check-ins, golf controllers): a lost one is caught up by the views' own slow refetch.
    this.stopLive = await this.ctx.database.listen(LIVE_CHANNEL, (payload) => this.onLive(payload));
    this.pinger = setInterval(() => {
      for (const set of this.byUser.values()) for (const c of set) c.socket.ping();
    }, PING_MS);
    this.pinger.unref();
  }

  async stop(): Promise<void> {
    if (this.pinger) clearInterval(this.pinger);
    for (const set of this.byUser.values()) for (const c of set) c.socket.close(1001);
    this.byUser.clear();
    await this.stopListening?.();
    await this.stopLive?.();
  }

  /**
   * A venue changed: every console signed in to its organisation (or platform-wide) hears its id
   * and refetches what it shows of it through its own scope. A console of a parent organisation
   * hears nothing and relies on its views' slow refetch (docs/decisions.md, "Golf bays").
   */
  private onLive(payload: string): void {
    let orgId = 0;
    let venueId = 0;
    try {
      const p = JSON.parse(payload) as { o?: unknown; v?: unknown };
      if (typeof p.o === 'number' && typeof p.v === 'number') [orgId, venueId] = [p.o, p.v];
    } catch {
      return;
    }
    if (!orgId) return;
    const text = JSON.stringify({ kind: 'live', venueId } satisfies LivePush);
    for (const set of this.byUser.values())
      for (const c of set) {
        const scope = scopeOf(c.caller);
        const hears = scope.kind === 'all' || c.caller.orgId === orgId;
        if (hears && c.socket.readyState === c.socket.OPEN) c.socket.send(text);
      }
  }

  /** A new console connection: it has a few seconds to name its session. */
  accept(socket: WebSocket): void {
    let conn: Conn | null = null;
    let named = false;
    const timer = setTimeout(() => socket.close(SOCKET_UNAUTHORISED, 'no session'), AUTH_WAIT_MS);
    socket.on('message', (data) => {
      if (named) return; // the console sends nothing after the first frame
      named = true;
      clearTimeout(timer);
      void this.authenticate(socket, String(data)).then((c) => {
        conn = c;
        // Closed while the session was being looked up.
        if (c && socket.readyState !== socket.OPEN) this.detach(c);
      });
    });
    socket.on('close', () => {
      clearTimeout(timer);
      if (conn) this.detach(conn);
    });
    socket.on('error', () => socket.terminate());
  }

  private async authenticate(socket: WebSocket, frame: string): Promise<Conn | null> {
    let token = '';
    try {
      const parsed = JSON.parse(frame) as { token?: unknown };
      if (typeof parsed.token === 'string') token = parsed.token;
    } catch {
      /* not JSON: refused below */
    }
    const caller = token && token.length <= 200 ? await this.resolve(token).catch(() => null) : null;
    if (!caller) {
      socket.close(SOCKET_UNAUTHORISED, 'no session');
      return null;
    }
    const conn: Conn = { socket, token, caller };
    let set = this.byUser.get(caller.userId);
    if (!set) this.byUser.set(caller.userId, (set = new Set()));
    set.add(conn);
    await this.send(conn, false);
    return conn;
  }

  private detach(conn: Conn): void {
    const set = this.byUser.get(conn.caller.userId);
    set?.delete(conn);
    if (set && !set.size) this.byUser.delete(conn.caller.userId);
  }

  private async onNotify(payload: string): Promise<void> {
    let users: number[] = [];
    try {
      const parsed = JSON.parse(payload) as { u?: unknown };
      if (Array.isArray(parsed.u)) users = parsed.u.filter((u): u is number => typeof u === 'number');
    } catch {
      return;
    }
    await this.pushTo(
      users.filter((u) => this.byUser.has(u)),
      true,
    );
  }

  private async pushTo(userIds: number[], withLatest: boolean): Promise<void> {
    await Promise.all(userIds.flatMap((u) => [...(this.byUser.get(u) ?? [])].map((c) => this.send(c, withLatest))));
  }

  /** Sends a console its unread count (and the newest unread message); a session that has ended closes the socket. */
  private async send(conn: Conn, withLatest: boolean): Promise<void> {
    try {
      const caller = await this.resolve(conn.token);
      if (!caller || caller.userId !== conn.caller.userId) {
        conn.socket.close(SOCKET_UNAUTHORISED, 'session ended');
        this.detach(conn);
        return;
      }
      conn.caller = caller; // an organisation switch moves the session's scope
      const scope = scopeOf(caller);
      const unread = await unreadCount(this.ctx.db, scope, caller.userId);
      const msg: StationPush = { kind: 'station', unread };
      if (withLatest && unread) {
        const { rows } = await pageStation(this.ctx.db, scope, caller.userId, { read: false }, { limit: 1, offset: 0 });
        if (rows[0]) msg.latest = stationRowOf(rows[0]);
      }
      if (conn.socket.readyState === conn.socket.OPEN) conn.socket.send(JSON.stringify(msg));
    } catch {
      /* the database is away for a moment: the next change or the console's reconnect catches up */
    }
  }
}

/** The console's socket, when socket messaging is on (`SOCKET=1`, published as `socket` in /config.json). */
export function stationSocketRoutes(app: FastifyInstance, ctx: AppContext, resolve: SessionResolver): void {
  if (!ctx.config.socket) return;
  const hub = new StationHub(ctx, resolve);
  app.addHook('onReady', () => hub.start());
  app.addHook('preClose', () => hub.stop());
  // No Sign (a browser's upgrade request carries no headers of ours): the first frame names the session.
  app.get(`${ctx.config.prefixes.system}station/socket`, { websocket: true, config: { skipSign: true } }, (socket) => hub.accept(socket));
}
