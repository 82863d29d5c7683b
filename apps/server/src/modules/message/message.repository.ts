import { and, asc, count, desc, eq, gte, inArray, lte, notInArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../platform/db.ts';
import { assertInScope, expectOneUpdated, inScope, type Scope, type SystemScope } from '../../platform/scope.ts';
import { containsText, orgs, roles, userOrgs, userRoles, users } from '../system/index.ts';
import { messageBusinesses, messageChannels, messageSends, messageTemplates } from './message.table.ts';

/**
 * Every query on the messaging tables. Channels, business types, templates and sends belong to an
 * organisation (a required scope in every where). The queue's claims are internal work of the
 * workers (SystemScope): a worker serves every organisation.
 */
export type ChannelRecord = typeof messageChannels.$inferSelect;
export type BusinessRecord = typeof messageBusinesses.$inferSelect;
export type TemplateRecord = typeof messageTemplates.$inferSelect;
export type SendRecord = typeof messageSends.$inferSelect;
export type SendInsert = typeof messageSends.$inferInsert;

/** The organisation and its ancestors, nearest first (`depth` 0 is the organisation itself). */
const ancestors = (orgId: number) => sql`(with recursive up as (
    select id, parent_id, 0 as depth from sys_org where id = ${orgId}
    union all select o.id, o.parent_id, up.depth + 1 from sys_org o join up on o.id = up.parent_id)
  select id, depth from up)`;

// ---------------------------------------------------------------- channels

export async function channelsOf(db: Executor, scope: Scope, orgId: number): Promise<ChannelRecord[]> {
  return db
    .select()
    .from(messageChannels)
    .where(and(eq(messageChannels.orgId, orgId), inScope(scope, messageChannels.orgId)));
}

/** Saves a channel: inserts it when `version` is 0, else updates that version (an old one matches nothing). */
export async function saveChannel(
  db: Executor,
  scope: Scope,
  orgId: number,
  channel: string,
  version: number,
  values: Pick<ChannelRecord, 'enabled' | 'settings' | 'secretsSealed' | 'ratePerMinute'>,
): Promise<void> {
  if (version === 0) {
    await assertInScope(db, scope, [orgId]);
    const rows = await db
      .insert(messageChannels)
      .values({ orgId, channel, ...values })
      .onConflictDoNothing()
      .returning({ id: messageChannels.id });
    expectOneUpdated(rows);
    return;
  }
  const rows = await db
    .update(messageChannels)
    .set({ ...values, version: sql`${messageChannels.version} + 1`, updatedAt: new Date() })
    .where(
      and(eq(messageChannels.orgId, orgId), eq(messageChannels.channel, channel), eq(messageChannels.version, version), inScope(scope, messageChannels.orgId)),
    )
    .returning({ id: messageChannels.id });
  expectOneUpdated(rows);
}

/** The enabled settings of a channel that serve an organisation: its own, else its nearest ancestor's. */
export async function channelServing(db: Executor, _scope: SystemScope, orgId: number, channel: string): Promise<ChannelRecord | undefined> {
  const up = ancestors(orgId);
  const [row] = await db
    .select({ c: messageChannels })
    .from(messageChannels)
    .innerJoin(sql`${up} as up`, sql`up.id = ${messageChannels.orgId}`)
    .where(and(eq(messageChannels.channel, channel), eq(messageChannels.enabled, true)))
    .orderBy(sql`up.depth`)
    .limit(1);
  return row?.c;
}

// ---------------------------------------------------------------- business types

export interface BusinessFilter {
  code?: string;
  name?: string;
  status?: number;
}

const templateCount = sql<number>`(select count(*)::int from ${messageTemplates} where ${messageTemplates.businessId} = ${messageBusinesses.id})`;

export async function pageBusinesses(db: Executor, scope: Scope, f: BusinessFilter, page: { limit: number; offset: number }) {
  const where = and(
    inScope(scope, messageBusinesses.orgId),
    f.code ? containsText(messageBusinesses.code, f.code) : undefined,
    f.name ? containsText(messageBusinesses.name, f.name) : undefined,
    f.status !== undefined ? eq(messageBusinesses.status, f.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ b: messageBusinesses, orgName: orgs.name, templateCount })
      .from(messageBusinesses)
      .innerJoin(orgs, eq(orgs.id, messageBusinesses.orgId))
      .where(where)
      .orderBy(asc(messageBusinesses.orgId), asc(messageBusinesses.code))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(messageBusinesses).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function businessById(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select({ b: messageBusinesses, orgName: orgs.name, templateCount })
    .from(messageBusinesses)
    .innerJoin(orgs, eq(orgs.id, messageBusinesses.orgId))
    .where(and(eq(messageBusinesses.id, id), inScope(scope, messageBusinesses.orgId)));
  return row;
}

export async function insertBusiness(db: Executor, scope: Scope, values: typeof messageBusinesses.$inferInsert): Promise<BusinessRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(messageBusinesses).values(values).returning();
  return row!;
}

/** Seeds: adds the business type unless the organisation has one with that code; answers the organisation's row. */
export async function ensureBusiness(
  db: Executor,
  scope: Scope,
  values: typeof messageBusinesses.$inferInsert,
): Promise<{ row: BusinessRecord; created: boolean }> {
  await assertInScope(db, scope, [values.orgId]);
  const [made] = await db.insert(messageBusinesses).values(values).onConflictDoNothing().returning();
  if (made) return { row: made, created: true };
  const [row] = await db
    .select()
    .from(messageBusinesses)
    .where(and(eq(messageBusinesses.orgId, values.orgId), eq(messageBusinesses.code, values.code), inScope(scope, messageBusinesses.orgId)));
  return { row: row!, created: false };
}

export async function updateBusiness(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof messageBusinesses.$inferInsert, 'orgId' | 'id' | 'code'>>,
): Promise<void> {
  const rows = await db
    .update(messageBusinesses)
    .set({ ...values, version: sql`${messageBusinesses.version} + 1`, updatedAt: new Date() })
    .where(and(eq(messageBusinesses.id, id), eq(messageBusinesses.version, version), inScope(scope, messageBusinesses.orgId)))
    .returning({ id: messageBusinesses.id });
  expectOneUpdated(rows);
}

export async function deleteBusinesses(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  const rows = await db
    .delete(messageBusinesses)
    .where(and(inArray(messageBusinesses.id, ids), inScope(scope, messageBusinesses.orgId)))
    .returning({ id: messageBusinesses.id });
  return rows.length;
}

/** The business type an event of an organisation goes by: the organisation's own, else its nearest ancestor's. */
export async function businessServing(db: Executor, _scope: SystemScope, orgId: number, code: string): Promise<BusinessRecord | undefined> {
  const up = ancestors(orgId);
  const [row] = await db
    .select({ b: messageBusinesses })
    .from(messageBusinesses)
    .innerJoin(sql`${up} as up`, sql`up.id = ${messageBusinesses.orgId}`)
    .where(eq(messageBusinesses.code, code))
    .orderBy(sql`up.depth`)
    .limit(1);
  return row?.b;
}

// ---------------------------------------------------------------- templates

export interface TemplateFilter {
  businessId?: number;
  channel?: string;
  lang?: string;
  content?: string;
}

const templateSelect = {
  t: messageTemplates,
  businessCode: messageBusinesses.code,
  businessName: messageBusinesses.name,
  variables: messageBusinesses.variables,
};

export async function pageTemplates(db: Executor, scope: Scope, f: TemplateFilter, page: { limit: number; offset: number }) {
  const where = and(
    inScope(scope, messageTemplates.orgId),
    f.businessId !== undefined ? eq(messageTemplates.businessId, f.businessId) : undefined,
    f.channel ? eq(messageTemplates.channel, f.channel) : undefined,
    f.lang ? eq(messageTemplates.lang, f.lang) : undefined,
    f.content ? containsText(messageTemplates.content, f.content) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(templateSelect)
      .from(messageTemplates)
      .innerJoin(messageBusinesses, eq(messageBusinesses.id, messageTemplates.businessId))
      .where(where)
      .orderBy(asc(messageBusinesses.code), asc(messageTemplates.channel), asc(messageTemplates.lang))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(messageTemplates).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function templateById(db: Executor, scope: Scope, id: number) {
  const [row] = await db
    .select(templateSelect)
    .from(messageTemplates)
    .innerJoin(messageBusinesses, eq(messageBusinesses.id, messageTemplates.businessId))
    .where(and(eq(messageTemplates.id, id), inScope(scope, messageTemplates.orgId)));
  return row;
}

/** The templates of a business type (every channel and language). */
export async function templatesOf(db: Executor, scope: Scope, businessId: number): Promise<TemplateRecord[]> {
  return db
    .select()
    .from(messageTemplates)
    .where(and(eq(messageTemplates.businessId, businessId), inScope(scope, messageTemplates.orgId)));
}

export async function insertTemplate(db: Executor, scope: Scope, values: typeof messageTemplates.$inferInsert): Promise<TemplateRecord> {
  await assertInScope(db, scope, [values.orgId]);
  const [row] = await db.insert(messageTemplates).values(values).returning();
  return row!;
}

/** Seeds: adds each template unless its business type has one for that channel and language, in one statement. */
export async function ensureTemplates(db: Executor, scope: Scope, rows: (typeof messageTemplates.$inferInsert)[]): Promise<void> {
  if (!rows.length) return;
  await assertInScope(db, scope, [...new Set(rows.map((r) => r.orgId))]);
  await db.insert(messageTemplates).values(rows).onConflictDoNothing();
}

export async function updateTemplate(
  db: Executor,
  scope: Scope,
  id: number,
  version: number,
  values: Partial<Omit<typeof messageTemplates.$inferInsert, 'orgId' | 'id' | 'businessId'>>,
): Promise<void> {
  const rows = await db
    .update(messageTemplates)
    .set({ ...values, version: sql`${messageTemplates.version} + 1`, updatedAt: new Date() })
    .where(and(eq(messageTemplates.id, id), eq(messageTemplates.version, version), inScope(scope, messageTemplates.orgId)))
    .returning({ id: messageTemplates.id });
  expectOneUpdated(rows);
}

export async function deleteTemplates(db: Executor, scope: Scope, ids: number[]): Promise<number> {
  const rows = await db
    .delete(messageTemplates)
    .where(and(inArray(messageTemplates.id, ids), inScope(scope, messageTemplates.orgId)))
    .returning({ id: messageTemplates.id });
  return rows.length;
}

// ---------------------------------------------------------------- recipients

export interface Contact {
  id: number;
  name: string;
  email: string | null;
  mobile: string | null;
}
const contact = { id: users.id, name: users.name, email: users.email, mobile: users.mobile };

/** Active users among these ids, within the scope. */
export async function contactsByIds(db: Executor, scope: Scope, ids: number[]): Promise<Contact[]> {
  if (!ids.length) return [];
  return db
    .select(contact)
    .from(users)
    .where(and(inArray(users.id, ids), eq(users.status, 0), inScope(scope, users.orgId)));
}

/** Which of these roles belong to an organisation of the scope (the others do not exist or are another's). */
export async function rolesInScope(db: Executor, scope: Scope, roleIds: number[]): Promise<number[]> {
  if (!roleIds.length) return [];
  const rows = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(inArray(roles.id, roleIds), inScope(scope, roles.orgId)));
  return rows.map((r) => r.id);
}

/** Active users holding any of these roles, where the role and the holding both lie in the scope. */
export async function contactsOfRoles(db: Executor, scope: Scope, roleIds: number[]): Promise<Contact[]> {
  if (!roleIds.length) return [];
  return db
    .selectDistinct(contact)
    .from(userRoles)
    .innerJoin(users, eq(users.id, userRoles.userId))
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(and(inArray(userRoles.roleId, roleIds), eq(users.status, 0), inScope(scope, userRoles.orgId), inScope(scope, roles.orgId)));
}

/** Active users who work in the organisation. */
export async function contactsOfOrg(db: Executor, scope: Scope, orgId: number): Promise<Contact[]> {
  return db
    .selectDistinct(contact)
    .from(userOrgs)
    .innerJoin(users, eq(users.id, userOrgs.userId))
    .where(and(eq(userOrgs.orgId, orgId), eq(users.status, 0), inScope(scope, userOrgs.orgId)));
}

// ---------------------------------------------------------------- the queue and the send log

export async function insertSends(db: Executor, scope: Scope, rows: SendInsert[]): Promise<number[]> {
  if (!rows.length) return [];
  await assertInScope(db, scope, new Set(rows.map((r) => r.orgId)));
  const out: number[] = [];
  for (let i = 0; i < rows.length; i += 500) {
    const made = await db
      .insert(messageSends)
      .values(rows.slice(i, i + 500))
      .returning({ id: messageSends.id });
    out.push(...made.map((r) => r.id));
  }
  return out;
}

export interface SendFilter {
  businessCode?: string;
  channel?: string;
  status?: string;
  address?: string;
  from?: Date;
  to?: Date;
}

export async function pageSends(db: Executor, scope: Scope, f: SendFilter, page: { limit: number; offset: number }) {
  const where = and(
    inScope(scope, messageSends.orgId),
    f.businessCode ? containsText(messageSends.businessCode, f.businessCode) : undefined,
    f.channel ? eq(messageSends.channel, f.channel) : undefined,
    f.status ? eq(messageSends.status, f.status) : undefined,
    f.address ? containsText(messageSends.address, f.address) : undefined,
    f.from ? gte(messageSends.createdAt, f.from) : undefined,
    f.to ? lte(messageSends.createdAt, f.to) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db.select().from(messageSends).where(where).orderBy(desc(messageSends.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(messageSends).where(where),
  ]);
  return { total: total?.n ?? 0, rows };
}

export async function sendById(db: Executor, scope: Scope, id: number): Promise<SendRecord | undefined> {
  const [row] = await db
    .select()
    .from(messageSends)
    .where(and(eq(messageSends.id, id), inScope(scope, messageSends.orgId)));
  return row;
}

/** An operator sends a failed or unknown message again (a few more attempts). */
export async function requeueSend(db: Executor, scope: Scope, id: number): Promise<boolean> {
  const rows = await db
    .update(messageSends)
    .set({ status: 'pending', nextAt: new Date(), maxAttempts: sql`${messageSends.attempts} + 3`, leaseUntil: null, leasedBy: null })
    .where(and(eq(messageSends.id, id), inArray(messageSends.status, ['failed', 'unknown']), inScope(scope, messageSends.orgId)))
    .returning({ id: messageSends.id });
  return rows.length === 1;
}

const due = (channelSql: SQL, onlyId?: number) =>
  and(eq(messageSends.status, 'pending'), lte(messageSends.nextAt, sql`now()`), channelSql, onlyId !== undefined ? eq(messageSends.id, onlyId) : undefined);

/**
 * Station rows due, locked for this transaction (others skip them). The caller delivers them and
 * marks them sent before committing: a crash rolls both back, so they are never lost nor doubled.
 */
export async function lockDueStation(tx: Executor, _scope: SystemScope, limit: number, onlyId?: number): Promise<SendRecord[]> {
  return tx
    .select()
    .from(messageSends)
    .where(due(eq(messageSends.channel, 'station'), onlyId))
    .orderBy(asc(messageSends.nextAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/** Rows of other channels due, locked for this transaction; none of the organisations in `skipOrgs`. */
export async function lockDueExternal(tx: Executor, _scope: SystemScope, limit: number, onlyId?: number, skipOrgs: number[] = []): Promise<SendRecord[]> {
  return tx
    .select()
    .from(messageSends)
    .where(and(due(sql`${messageSends.channel} <> 'station'`, onlyId), skipOrgs.length ? notInArray(messageSends.orgId, skipOrgs) : undefined))
    .orderBy(asc(messageSends.nextAt))
    .limit(limit)
    .for('update', { skipLocked: true });
}

/**
 * How many more sends an organisation's channel may start this minute. The advisory lock (held to
 * the end of the transaction) makes the processes count and claim one after another.
 */
export async function rateRoom(tx: Executor, _scope: SystemScope, orgId: number, channel: string, perMinute: number): Promise<number> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`msg_rate:${orgId}:${channel}`}))`);
  const [row] = await tx
    .select({ n: count() })
    .from(messageSends)
    .where(and(eq(messageSends.orgId, orgId), eq(messageSends.channel, channel), gte(messageSends.claimedAt, sql`now() - interval '1 minute'`)));
  return Math.max(0, perMinute - (row?.n ?? 0));
}

/** Claims locked rows for sending: `sending` with a lease, one attempt more. */
export async function claimSends(tx: Executor, _scope: SystemScope, ids: number[], worker: string, leaseMs: number): Promise<SendRecord[]> {
  if (!ids.length) return [];
  return tx
    .update(messageSends)
    .set({
      status: 'sending',
      attempts: sql`${messageSends.attempts} + 1`,
      claimedAt: sql`now()`,
      leaseUntil: sql`now() + ${`${leaseMs} milliseconds`}::interval`,
      leasedBy: worker,
    })
    .where(inArray(messageSends.id, ids))
    .returning();
}

/** Rows over the rate limit wait (no attempt counted). */
export async function postpone(tx: Executor, _scope: SystemScope, ids: number[], ms: number): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(messageSends)
    .set({ nextAt: sql`now() + ${`${ms} milliseconds`}::interval` })
    .where(inArray(messageSends.id, ids));
}

/** Station rows delivered in the transaction that locked them. */
export async function markStationSent(tx: Executor, _scope: SystemScope, ids: number[]): Promise<void> {
  if (!ids.length) return;
  await tx
    .update(messageSends)
    .set({ status: 'sent', attempts: sql`${messageSends.attempts} + 1`, sentAt: sql`now()`, claimedAt: sql`now()`, lastError: null })
    .where(and(inArray(messageSends.id, ids), eq(messageSends.status, 'pending')));
}

/** The end of a claimed send, applied only while this worker still holds it (or it was given up as unknown meanwhile). */
export async function finishSend(
  db: Executor,
  _scope: SystemScope,
  id: number,
  worker: string,
  outcome: { status: 'sent' } | { status: 'pending'; retryInMs: number; error: string } | { status: 'failed' | 'unknown'; error: string },
): Promise<boolean> {
  const set =
    outcome.status === 'sent'
      ? { status: 'sent', sentAt: sql`now()`, lastError: null, leaseUntil: null }
      : outcome.status === 'pending'
        ? {
            status: 'pending',
            nextAt: sql`now() + ${`${outcome.retryInMs} milliseconds`}::interval`,
            lastError: outcome.error.slice(0, 500),
            leaseUntil: null,
            leasedBy: null,
          }
        : { status: outcome.status, lastError: outcome.error.slice(0, 500), leaseUntil: null };
  const rows = await db
    .update(messageSends)
    .set(set)
    .where(
      and(
        eq(messageSends.id, id),
        eq(messageSends.leasedBy, worker),
        inArray(messageSends.status, outcome.status === 'sent' ? ['sending', 'unknown'] : ['sending']),
      ),
    )
    .returning({ id: messageSends.id });
  return rows.length === 1;
}

/** Sends whose lease ran out: their process died or hung mid-send, so whether they went out is unknown. */
export async function expireLeases(db: Executor, _scope: SystemScope, error: string): Promise<number> {
  const rows = await db
    .update(messageSends)
    .set({ status: 'unknown', lastError: error })
    .where(and(eq(messageSends.status, 'sending'), lte(messageSends.leaseUntil, sql`now()`)))
    .returning({ id: messageSends.id });
  return rows.length;
}

/** The send queue across every organisation (`/metrics`): messages waiting, and how long the oldest due one has waited. */
export async function sendQueueFigures(db: Executor, _scope: SystemScope): Promise<{ depth: number; lagSeconds: number }> {
  const [r] = await db
    .select({
      depth: count(),
      lag: sql<number>`coalesce(extract(epoch from max(now() - ${messageSends.nextAt}) filter (where ${messageSends.nextAt} < now())), 0)::float8`,
    })
    .from(messageSends)
    .where(eq(messageSends.status, 'pending'));
  return { depth: Number(r?.depth ?? 0), lagSeconds: Number(r?.lag ?? 0) };
}
