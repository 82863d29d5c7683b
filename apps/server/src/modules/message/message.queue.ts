import crypto from 'node:crypto';
import { renderTemplate, type MessageChannel } from '@venue/contract';
import type { Db, Executor } from '../../platform/db.ts';
import { errorMessage } from '../../platform/db.ts';
import { openSecret } from '../../platform/keys.ts';
import { HttpAllowList } from '../../platform/outbound.ts';
import { oneOrgScope, scopeOf, SYSTEM_SCOPE } from '../../platform/scope.ts';
import { deliverStation } from './station/station.service.ts';
import { sendOutside, type ChannelConfig } from './message.channels.ts';
import * as repo from './message.repository.ts';

/**
 * The one entry point of messaging (`publish`) and the workers that drain the durable queue.
 * Publishing renders each (recipient, channel) message and inserts it in the caller's transaction:
 * a rolled-back business change sends nothing, a committed one is never lost. Any process's worker
 * may then claim it (FOR UPDATE SKIP LOCKED).
 */

export interface MessageEvent {
  orgId: number;
  /** The business type's code: `booking.closureCancelled`, `card.expiring`, `job.failed`. */
  type: string;
  data: Readonly<Record<string, string | number | null | undefined>>;
  /** The member the event is about, as far as their contacts are known. */
  member?: { name?: string | null; phone?: string | null; email?: string | null; openid?: string | null } | null;
  /** The user whose action raised the event. */
  operatorId?: number | null;
  /** A console path of the business record. */
  link?: string | null;
  lang?: 'zh-CN' | 'en-US';
}

const OTHER_LANG = { 'zh-CN': 'en-US', 'en-US': 'zh-CN' } as const;

/** Enqueues the event's messages in the caller's transaction; answers how many were queued. */
export async function publish(db: Executor, ev: MessageEvent): Promise<{ queued: number }> {
  const business = await repo.businessServing(db, SYSTEM_SCOPE, ev.orgId, ev.type);
  if (!business || business.status !== 0) return { queued: 0 };
  const scope = oneOrgScope(ev.orgId);
  const templates = (await repo.templatesOf(db, oneOrgScope(business.orgId), business.id)).filter((t) => t.status === 0);
  const r = business.recipients;
  const people = new Map<number, repo.Contact>();
  const add = (list: repo.Contact[]) => list.forEach((c) => people.set(c.id, c));
  if (r.operator && ev.operatorId) add(await repo.contactsByIds(db, SYSTEM_SCOPE, [ev.operatorId]));
  // Roles are checked at save; again here: only roles (and holders) of the business type's
  // organisation or below are reached, others are skipped and the skip is logged.
  const ownScope = scopeOf({ platform: false, orgId: business.orgId });
  const roleIds = r.roleIds.length ? await repo.rolesInScope(db, ownScope, r.roleIds) : [];
  const skippedRoles = r.roleIds.filter((id) => !roleIds.includes(id));
  if (roleIds.length) add(await repo.contactsOfRoles(db, ownScope, roleIds));
  if (r.orgUsers) add(await repo.contactsOfOrg(db, scope, ev.orgId));
  const member = r.member ? ev.member : null;
  const lang = ev.lang ?? 'zh-CN';
  const rows: repo.SendInsert[] = [];
  for (const channel of business.channels as MessageChannel[]) {
    const template =
      templates.find((t) => t.channel === channel && t.lang === lang) ?? templates.find((t) => t.channel === channel && t.lang === OTHER_LANG[lang]);
    if (!template) continue;
    if (channel !== 'station' && !(await repo.channelServing(db, SYSTEM_SCOPE, ev.orgId, channel))) continue;
    const base = {
      orgId: ev.orgId,
      businessCode: business.code,
      channel,
      lang: template.lang,
      title: renderTemplate(template.title, ev.data),
      content: renderTemplate(template.content, ev.data),
      link: ev.link ?? null,
    };
    const to = (userId: number | null, recipientName: string | null, address: string | null) =>
      rows.push({ ...base, userId, recipientName: recipientName?.slice(0, 64) ?? null, address });
    if (channel === 'dingtalk' || channel === 'wecom') {
      to(null, null, null);
      continue;
    }
    if (skippedRoles.length)
      rows.push({
        ...base,
        userId: null,
        recipientName: null,
        address: null,
        status: 'failed',
        lastError: `recipients outside the organisation skipped: roles ${skippedRoles.join(', ')}`,
      });
    for (const p of people.values()) {
      if (channel === 'station') to(p.id, p.name, null);
      else if (channel === 'email' && p.email) to(p.id, p.name, p.email);
      else if (channel === 'sms' && p.mobile) to(p.id, p.name, p.mobile);
    }
    if (member) {
      const address = channel === 'email' ? member.email : channel === 'sms' ? member.phone : channel === 'wechat' ? member.openid : null;
      if (address) to(null, member.name ?? null, address);
    }
  }
  await repo.insertSends(db, scope, rows);
  return { queued: rows.length };
}

export interface WorkerOptions {
  /** Rows taken per round. */
  batch?: number;
  /** Pause between rounds when nothing was due. */
  idleMs?: number;
  /** How long a claimed outside send may take before it is given up as unknown. */
  leaseMs?: number;
  /** Outside sends at once, in all. */
  concurrency?: number;
  /** Outside sends at once of one organisation: a hanging endpoint holds at most these lanes. */
  perOrg?: number;
  /** Where the channels may connect (OUTBOUND_ALLOW); default `*`, public addresses only. */
  allow?: HttpAllowList;
  log?: { warn(obj: object, msg: string): void };
}

const BACKOFF_MS = [5_000, 30_000, 120_000, 600_000, 1_800_000];
const LEASE_EXPIRED = 'The sending process stopped before it knew whether the message went out';

/**
 * Drains the queue in two loops that never wait on each other: station rows in the transaction
 * that marks them sent, and outside channels with a lease. Outside sends run in the background,
 * at most `concurrency` at once and `perOrg` per organisation, each with a short time limit, so
 * one organisation's hanging endpoint delays neither station messages nor other organisations.
 */
export class MessageWorker {
  readonly id = `w-${crypto.randomBytes(6).toString('hex')}`;
  private stopped = true;
  private readonly timers: { station?: NodeJS.Timeout; outside?: NodeJS.Timeout } = {};
  private readonly current: { station: Promise<unknown>; outside: Promise<unknown> } = { station: Promise.resolve(), outside: Promise.resolve() };
  private readonly busy = { station: false, outside: false };
  /** Outside sends in flight, by organisation. */
  private readonly inflight = new Map<number, number>();
  private readonly sending = new Set<Promise<void>>();
  private readonly opts: Required<Omit<WorkerOptions, 'log'>> & Pick<WorkerOptions, 'log'>;

  constructor(
    private readonly db: Db,
    private readonly secretKey: Buffer,
    opts: WorkerOptions = {},
  ) {
    this.opts = { batch: 100, idleMs: 500, leaseMs: 60_000, concurrency: 8, perOrg: 2, allow: new HttpAllowList(['*']), ...opts };
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule('station', 0);
    this.schedule('outside', 0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timers.station);
    clearTimeout(this.timers.outside);
    await Promise.all([this.current.station.catch(() => undefined), this.current.outside.catch(() => undefined), this.settled()]);
  }

  /** Waits for the outside sends in flight. */
  private async settled(): Promise<void> {
    while (this.sending.size) await Promise.all([...this.sending]);
  }

  private schedule(loop: 'station' | 'outside', ms: number): void {
    if (this.stopped) return;
    const timer = setTimeout(() => {
      const work = loop === 'station' ? this.stationRound() : this.outsideRound();
      this.current[loop] = work
        .catch((e) => {
          this.opts.log?.warn({ err: errorMessage(e) }, `message worker ${loop} round failed`);
          return 0;
        })
        .then((n) => this.schedule(loop, n >= this.opts.batch ? 0 : this.opts.idleMs));
    }, ms);
    timer.unref?.();
    this.timers[loop] = timer;
  }

  /** A lane came free: the outside loop looks for more at once instead of after its pause. */
  private kick(): void {
    if (this.stopped || this.busy.outside) return;
    clearTimeout(this.timers.outside);
    this.schedule('outside', 0);
  }

  private async stationRound(): Promise<number> {
    if (this.busy.station) return 0;
    this.busy.station = true;
    try {
      return await this.deliverStationRows();
    } finally {
      this.busy.station = false;
    }
  }

  /** Gives up expired leases and starts the outside sends there is room for; answers how many it started. */
  private async outsideRound(onlyId?: number): Promise<number> {
    if (this.busy.outside) return 0;
    this.busy.outside = true;
    try {
      await repo.expireLeases(this.db, SYSTEM_SCOPE, LEASE_EXPIRED);
      return (await this.startOutside(onlyId)).length;
    } finally {
      this.busy.outside = false;
    }
  }

  /** One round of both loops, waiting for its outside sends (tests and drain). Answers the rows handled. */
  async round(): Promise<number> {
    const station = await this.stationRound();
    const outside = await this.outsideRound();
    await this.settled();
    return Math.max(station, outside);
  }

  /** Runs rounds until nothing is due (tests and the test screen). */
  async drain(maxRounds = 1000): Promise<void> {
    for (let i = 0; i < maxRounds; i++) if ((await this.round()) === 0) return;
  }

  private async deliverStationRows(onlyId?: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      const rows = await repo.lockDueStation(tx, SYSTEM_SCOPE, this.opts.batch, onlyId);
      if (!rows.length) return 0;
      const sent: number[] = [];
      for (const row of rows) {
        if (!row.userId) {
          await repo.claimSends(tx, SYSTEM_SCOPE, [row.id], this.id, this.opts.leaseMs);
          await repo.finishSend(tx, SYSTEM_SCOPE, row.id, this.id, { status: 'failed', error: 'the recipient user no longer exists' });
          continue;
        }
        await deliverStation(tx, {
          orgId: row.orgId,
          userIds: [row.userId],
          type: row.businessCode,
          title: row.title || row.content.slice(0, 200),
          content: row.content,
          link: row.link,
          sourceKey: `msg:${row.id}`,
        });
        sent.push(row.id);
      }
      await repo.markStationSent(tx, SYSTEM_SCOPE, sent);
      return rows.length;
    });
  }

  private orgRoom(orgId: number): number {
    return this.opts.perOrg - (this.inflight.get(orgId) ?? 0);
  }

  private async claimOutside(onlyId?: number): Promise<{ rows: repo.SendRecord[]; configs: Map<string, ChannelConfig | null> }> {
    const configs = new Map<string, ChannelConfig | null>();
    let room = this.opts.concurrency - this.sending.size;
    if (room <= 0) return { rows: [], configs };
    // Organisations already at their limit are left out, so their backlog does not fill the batch.
    const full = [...this.inflight].filter(([org]) => this.orgRoom(org) <= 0).map(([org]) => org);
    const rows = await this.db.transaction(async (tx) => {
      const due = await repo.lockDueExternal(tx, SYSTEM_SCOPE, this.opts.batch, onlyId, full);
      const groups = new Map<string, repo.SendRecord[]>();
      for (const r of due) {
        const k = `${r.orgId}:${r.channel}`;
        groups.set(k, [...(groups.get(k) ?? []), r]);
      }
      const take: number[] = [];
      const noChannel: repo.SendRecord[] = [];
      const orgLeft = new Map<number, number>();
      for (const [k, list] of groups) {
        const first = list[0]!;
        const record = await repo.channelServing(tx, SYSTEM_SCOPE, first.orgId, first.channel);
        configs.set(k, record ? this.configOf(record) : null);
        if (!record) {
          noChannel.push(...list);
          continue;
        }
        const rate = await repo.rateRoom(tx, SYSTEM_SCOPE, first.orgId, first.channel, record.ratePerMinute);
        const left = orgLeft.get(first.orgId) ?? this.orgRoom(first.orgId);
        const n = Math.max(0, Math.min(rate, left, room));
        take.push(...list.slice(0, n).map((r) => r.id));
        orgLeft.set(first.orgId, left - n);
        room -= n;
        // Over the rate limit: wait for the minute's window to move on. Over the lanes: next round.
        await repo.postpone(
          tx,
          SYSTEM_SCOPE,
          list.slice(rate).map((r) => r.id),
          5_000,
        );
      }
      for (const r of noChannel) {
        await repo.claimSends(tx, SYSTEM_SCOPE, [r.id], this.id, this.opts.leaseMs);
        await repo.finishSend(tx, SYSTEM_SCOPE, r.id, this.id, { status: 'failed', error: `the ${r.channel} channel is not set up or is switched off` });
      }
      return repo.claimSends(tx, SYSTEM_SCOPE, take, this.id, this.opts.leaseMs);
    });
    return { rows, configs };
  }

  private configOf(record: repo.ChannelRecord): ChannelConfig {
    const secrets = record.secretsSealed ? (JSON.parse(openSecret(this.secretKey, record.secretsSealed)) as Record<string, string>) : {};
    // Clients are cached by what they were made from, so any change of settings makes new ones.
    const cacheKey = crypto
      .createHash('sha256')
      .update(JSON.stringify([record.channel, record.settings, secrets]))
      .digest('hex');
    return { cacheKey, settings: record.settings, secrets, allow: this.opts.allow };
  }

  /** Claims what there is room for and sends it in the background; answers the sends started. */
  private async startOutside(onlyId?: number): Promise<Promise<void>[]> {
    const { rows, configs } = await this.claimOutside(onlyId);
    return rows.map((row) => {
      this.inflight.set(row.orgId, (this.inflight.get(row.orgId) ?? 0) + 1);
      const p: Promise<void> = this.sendOne(row, configs.get(`${row.orgId}:${row.channel}`)!)
        .catch((e) => this.opts.log?.warn({ err: errorMessage(e), id: row.id }, 'message send failed to record'))
        .finally(() => {
          const n = (this.inflight.get(row.orgId) ?? 1) - 1;
          if (n > 0) this.inflight.set(row.orgId, n);
          else this.inflight.delete(row.orgId);
          this.sending.delete(p);
          this.kick();
        });
      this.sending.add(p);
      return p;
    });
  }

  private async sendOne(row: repo.SendRecord, cfg: ChannelConfig): Promise<void> {
    try {
      await sendOutside(row.channel, cfg, { address: row.address, title: row.title, content: row.content, link: row.link });
      await repo.finishSend(this.db, SYSTEM_SCOPE, row.id, this.id, { status: 'sent' });
    } catch (e) {
      const err = e as { message: string; definite?: boolean };
      if (!err.definite) {
        await repo.finishSend(this.db, SYSTEM_SCOPE, row.id, this.id, { status: 'unknown', error: err.message });
      } else if (row.attempts < row.maxAttempts) {
        const base = BACKOFF_MS[Math.min(row.attempts - 1, BACKOFF_MS.length - 1)]!;
        await repo.finishSend(this.db, SYSTEM_SCOPE, row.id, this.id, {
          status: 'pending',
          retryInMs: Math.round(base * (0.8 + Math.random() * 0.4)),
          error: err.message,
        });
      } else {
        await repo.finishSend(this.db, SYSTEM_SCOPE, row.id, this.id, { status: 'failed', error: err.message });
      }
    }
  }

  /** Sends one queued row now (test sends), or waits for the worker that holds it; answers when it is settled. */
  async deliverNow(id: number, channel: string): Promise<void> {
    if (channel === 'station') await this.deliverStationRows(id);
    else await Promise.all(await this.startOutside(id));
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      const row = await repo.sendById(this.db, SYSTEM_SCOPE, id);
      if (!row || row.status !== 'sending') return;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
