import type { z } from 'zod';
import {
  messageChannelSecrets,
  messageChannelSettings,
  CONFIGURABLE_CHANNELS,
  REQUIRED_SECRETS,
  templateVariables,
  renderTemplate,
  type MessageBusinessCreate,
  type MessageBusinessListQuery,
  type MessageBusinessUpdate,
  type MessageChannelSave,
  type ConfigurableChannel,
  type MessageTestSend,
  type SendLogQuery,
  type MessageTemplateCreate,
  type MessageTemplateListQuery,
  type MessageTemplateUpdate,
  type messageBusinessRow,
  type messageChannelRow,
  type sendLogRow,
  type messageTemplateRow,
} from '@venue/contract';
import type { Db } from '../../platform/db.ts';
import { invalid, notFound, conflict } from '../../platform/errors.ts';
import type { Caller } from '../../platform/http.ts';
import { t, type Lang } from '../../platform/i18n.ts';
import { openSecret, sealSecret } from '../../platform/keys.ts';
import { pageOf } from '../../platform/list.ts';
import { checkHost, checkUrl, NotAllowedError, type HttpAllowList } from '../../platform/outbound.ts';
import { oneOrgScope, scopeOf } from '../../platform/scope.ts';
import { mapDuplicate, orgName } from '../system/index.ts';
import type { MessageWorker } from './message.queue.ts';
import * as repo from './message.repository.ts';
import './message.messages.ts';

/** Administration of messaging: channel settings, business types, templates, the send log, test sends. */

type MessageChannelRow = z.input<typeof messageChannelRow>;
type MessageBusinessRow = z.input<typeof messageBusinessRow>;
type MessageTemplateRow = z.input<typeof messageTemplateRow>;
type SendLogRow = z.input<typeof sendLogRow>;

// ---------------------------------------------------------------- channels

function openSecrets(secretKey: Buffer, sealed: string | null): Record<string, string> {
  return sealed ? (JSON.parse(openSecret(secretKey, sealed)) as Record<string, string>) : {};
}

/** Every channel of the caller's organisation: station always on, the others as saved (never a secret's value). */
export async function listChannels(db: Db, caller: Caller, secretKey: Buffer): Promise<MessageChannelRow[]> {
  const saved = await repo.channelsOf(db, scopeOf(caller), caller.orgId);
  const station: MessageChannelRow = { channel: 'station', enabled: true, ratePerMinute: 0, settings: {}, secretsSet: {}, version: 0, updatedAt: null };
  return [
    station,
    ...CONFIGURABLE_CHANNELS.map((channel): MessageChannelRow => {
      const row = saved.find((r) => r.channel === channel);
      const secrets = openSecrets(secretKey, row?.secretsSealed ?? null);
      const secretsSet = Object.fromEntries(Object.keys(messageChannelSecrets[channel].shape).map((k) => [k, Boolean(secrets[k])]));
      return row
        ? {
            channel,
            enabled: row.enabled,
            ratePerMinute: row.ratePerMinute,
            settings: row.settings,
            secretsSet,
            version: row.version,
            updatedAt: row.updatedAt,
          }
        : { channel, enabled: false, ratePerMinute: 60, settings: {}, secretsSet, version: 0, updatedAt: null };
    }),
  ];
}

/** Saves a channel: its settings checked against the channel's schema; secrets given replace, '' clears, absent keeps. */
export async function saveChannel(
  db: Db,
  caller: Caller,
  secretKey: Buffer,
  allow: HttpAllowList,
  channel: ConfigurableChannel,
  input: MessageChannelSave,
): Promise<MessageChannelRow> {
  const scope = scopeOf(caller);
  const settings = messageChannelSettings[channel].safeParse(input.settings);
  if (!settings.success) {
    const issue = settings.error.issues[0]!;
    throw invalid(`settings.${issue.path.join('.')}`, issue.message.startsWith('message.') ? issue.message : 'error.field.invalid');
  }
  await checkAddress(allow, channel, settings.data as Record<string, unknown>);
  const secretShape = messageChannelSecrets[channel].shape as Record<string, unknown>;
  const unknownSecret = Object.keys(input.secrets).find((k) => !(k in secretShape));
  if (unknownSecret) throw invalid(`secrets.${unknownSecret}`, 'error.field.invalid');
  const existing = (await repo.channelsOf(db, scope, caller.orgId)).find((r) => r.channel === channel);
  const secrets = { ...openSecrets(secretKey, existing?.secretsSealed ?? null) };
  for (const [k, v] of Object.entries(input.secrets)) {
    if (v === '') delete secrets[k];
    else secrets[k] = v;
  }
  // A channel switched on must be able to send.
  const missing = input.enabled ? REQUIRED_SECRETS[channel].find((k) => !secrets[k]) : undefined;
  if (missing) throw invalid(`secrets.${missing}`, 'message.secretRequired', { name: missing });
  await repo.saveChannel(db, scope, caller.orgId, channel, input.version, {
    enabled: input.enabled,
    // A rate left out keeps the stored one (issue 23, point 10).
    ratePerMinute: input.ratePerMinute ?? existing?.ratePerMinute ?? 60,
    settings: settings.data as Record<string, unknown>,
    secretsSealed: Object.keys(secrets).length ? sealSecret(secretKey, JSON.stringify(secrets)) : null,
  });
  return (await listChannels(db, caller, secretKey)).find((c) => c.channel === channel)!;
}

/** The channel's address must pass the outbound check (OUTBOUND_ALLOW) when saved; it is checked again at every send. */
async function checkAddress(allow: HttpAllowList, channel: ConfigurableChannel, settings: Record<string, unknown>): Promise<void> {
  const field = channel === 'email' ? 'host' : channel === 'wechat' ? 'apiBase' : 'url';
  const value = String(settings[field] ?? '');
  try {
    if (channel === 'email') await checkHost(allow, value, Number(settings.port));
    else await checkUrl(allow, value);
  } catch (e) {
    if (e instanceof NotAllowedError) throw invalid(`settings.${field}`, 'message.addressNotAllowed');
    throw e;
  }
}

/** Queues a test message to the operator on one channel and sends it now; answers its log row. */
export async function testChannel(
  db: Db,
  caller: Caller,
  worker: MessageWorker,
  lang: Lang,
  channel: ConfigurableChannel,
  address: string | undefined,
): Promise<SendLogRow> {
  const scope = scopeOf(caller);
  const [me] = await repo.contactsByIds(db, scope, [caller.userId]);
  let to: string | null = null;
  if (channel === 'email') to = me?.email ?? null;
  if (channel === 'sms') to = me?.mobile ?? null;
  if (channel === 'wechat') to = address ?? null;
  if (!to && channel === 'email') throw invalid('address', 'message.noEmail');
  if (!to && channel === 'sms') throw invalid('address', 'message.noMobile');
  if (!to && channel === 'wechat') throw invalid('address', 'message.noOpenid');
  const org = (await orgName(db, scope, caller.orgId)) ?? '';
  const [id] = await repo.insertSends(db, scope, [
    {
      orgId: caller.orgId,
      businessCode: 'channel.test',
      channel,
      userId: caller.userId,
      recipientName: caller.userName.slice(0, 64),
      address: to,
      lang,
      title: t(lang, 'message.testTitle'),
      content: t(lang, 'message.testContent', { org, channel, user: caller.userName }),
    },
  ]);
  await worker.deliverNow(id!, channel);
  return getSend(db, caller, id!);
}

// ---------------------------------------------------------------- business types

type BusinessJoin = NonNullable<Awaited<ReturnType<typeof repo.businessById>>>;

function businessRowOf(r: BusinessJoin): MessageBusinessRow {
  const b = r.b;
  return {
    id: b.id,
    orgId: b.orgId,
    orgName: r.orgName,
    code: b.code,
    name: b.name,
    variables: b.variables,
    channels: b.channels as MessageBusinessRow['channels'],
    recipients: b.recipients,
    status: b.status,
    remark: b.remark,
    templateCount: Number(r.templateCount),
    version: b.version,
    createdAt: b.createdAt,
    updatedAt: b.updatedAt,
  };
}

const BUSINESS_UNIQUE = { msg_business_org_code_uq: ['code', 'field.messageCode'] as [string, string] };
const TEMPLATE_UNIQUE = { msg_template_business_channel_lang_uq: ['lang', 'field.messageTemplate'] as [string, string] };

export async function listBusinesses(db: Db, caller: Caller, q: MessageBusinessListQuery) {
  const { total, rows } = await repo.pageBusinesses(db, scopeOf(caller), q, pageOf(q));
  return { total, data: rows.map(businessRowOf) };
}

export async function getBusiness(db: Db, caller: Caller, id: number): Promise<MessageBusinessRow> {
  const row = await repo.businessById(db, scopeOf(caller), id);
  if (!row) throw notFound();
  return businessRowOf(row);
}

function duplicateVariable(vars: { name: string }[]): void {
  const seen = new Set<string>();
  vars.forEach((v, i) => {
    if (seen.has(v.name)) throw invalid(`variables.${i}.name`, 'error.duplicate', { field: v.name });
    seen.add(v.name);
  });
}

/** Recipient roles must be of the business type's organisation or below (100404-like 969600 naming the role otherwise). */
async function checkRoles(db: Db, orgId: number, roleIds: number[] | undefined): Promise<void> {
  if (!roleIds?.length) return;
  const found = await repo.rolesInScope(db, scopeOf({ platform: false, orgId }), [...new Set(roleIds)]);
  const i = roleIds.findIndex((id) => !found.includes(id));
  if (i >= 0) throw invalid(`recipients.roleIds.${i}`, 'message.roleOutOfScope', { id: roleIds[i] });
}

export async function createBusiness(db: Db, caller: Caller, input: MessageBusinessCreate): Promise<MessageBusinessRow> {
  duplicateVariable(input.variables);
  const orgId = input.orgId ?? caller.orgId;
  if (input.orgId !== undefined && !(await orgName(db, scopeOf(caller), orgId))) throw notFound();
  await checkRoles(db, orgId, input.recipients.roleIds);
  const made = await mapDuplicate(
    repo.insertBusiness(db, scopeOf(caller), {
      orgId: input.orgId ?? caller.orgId,
      code: input.code,
      name: input.name,
      variables: input.variables,
      channels: [...new Set(input.channels)],
      recipients: input.recipients,
      status: input.status,
      remark: input.remark ?? null,
    }),
    BUSINESS_UNIQUE,
  );
  return getBusiness(db, caller, made.id);
}

export async function editBusiness(db: Db, caller: Caller, id: number, input: MessageBusinessUpdate): Promise<MessageBusinessRow> {
  const scope = scopeOf(caller);
  const found = await repo.businessById(db, scope, id);
  if (!found) throw notFound();
  const { version, ...values } = input;
  await checkRoles(db, found.b.orgId, values.recipients?.roleIds);
  if (values.variables) {
    duplicateVariable(values.variables);
    // A variable still used by a template cannot go: that template would send a hole.
    const declared = new Set(values.variables.map((v) => v.name));
    for (const tpl of await repo.templatesOf(db, scope, id)) {
      const used = templateVariables(`${tpl.title}\n${tpl.content}`).find((n) => !declared.has(n));
      if (used) throw invalid('variables', 'message.variableInUse', { name: used, channel: tpl.channel, lang: tpl.lang });
    }
  }
  await repo.updateBusiness(db, scope, id, version, {
    ...values,
    channels: values.channels ? [...new Set(values.channels)] : undefined,
    remark: values.remark === undefined ? undefined : (values.remark ?? null),
  });
  return getBusiness(db, caller, id);
}

export async function removeBusinesses(db: Db, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  const deleted = await db.transaction(async (tx) => {
    const n = await repo.deleteBusinesses(tx, scopeOf(caller), unique);
    if (n !== unique.length) throw notFound();
    return n;
  });
  return { deleted };
}

// ---------------------------------------------------------------- templates

type TemplateJoin = NonNullable<Awaited<ReturnType<typeof repo.templateById>>>;

const templateRowOf = (r: TemplateJoin): MessageTemplateRow => ({
  id: r.t.id,
  orgId: r.t.orgId,
  businessId: r.t.businessId,
  businessCode: r.businessCode,
  businessName: r.businessName,
  channel: r.t.channel as MessageTemplateRow['channel'],
  lang: r.t.lang as MessageTemplateRow['lang'],
  title: r.t.title,
  content: r.t.content,
  status: r.t.status,
  version: r.t.version,
  updatedAt: r.t.updatedAt,
});

/** Every variable the text uses must be declared by the business type: refused here, never at send time. */
function checkVariables(business: repo.BusinessRecord, title: string, content: string): void {
  const declared = new Set(business.variables.map((v) => v.name));
  for (const [field, text] of [
    ['title', title],
    ['content', content],
  ] as const) {
    const missing = templateVariables(text).find((n) => !declared.has(n));
    if (missing) throw invalid(field, 'message.undeclaredVariable', { name: missing, business: business.name });
  }
}

export async function listTemplates(db: Db, caller: Caller, q: MessageTemplateListQuery) {
  const { total, rows } = await repo.pageTemplates(db, scopeOf(caller), q, pageOf(q));
  return { total, data: rows.map(templateRowOf) };
}

export async function getTemplate(db: Db, caller: Caller, id: number): Promise<MessageTemplateRow> {
  const row = await repo.templateById(db, scopeOf(caller), id);
  if (!row) throw notFound();
  return templateRowOf(row);
}

export async function createTemplate(db: Db, caller: Caller, input: MessageTemplateCreate): Promise<MessageTemplateRow> {
  const scope = scopeOf(caller);
  const business = await repo.businessById(db, scope, input.businessId);
  if (!business) throw notFound();
  if (!business.b.channels.includes(input.channel)) throw invalid('channel', 'message.channelNotInBusiness', { business: business.b.name });
  checkVariables(business.b, input.title, input.content);
  const made = await mapDuplicate(
    repo.insertTemplate(db, scope, {
      orgId: business.b.orgId,
      businessId: business.b.id,
      channel: input.channel,
      lang: input.lang,
      title: input.title,
      content: input.content,
      status: input.status,
    }),
    TEMPLATE_UNIQUE,
  );
  return getTemplate(db, caller, made.id);
}

export async function editTemplate(db: Db, caller: Caller, id: number, input: MessageTemplateUpdate): Promise<MessageTemplateRow> {
  const scope = scopeOf(caller);
  const found = await repo.templateById(db, scope, id);
  if (!found) throw notFound();
  const business = await repo.businessById(db, scope, found.t.businessId);
  if (!business) throw notFound();
  const { version, ...values } = input;
  if (values.channel && !business.b.channels.includes(values.channel)) throw invalid('channel', 'message.channelNotInBusiness', { business: business.b.name });
  checkVariables(business.b, values.title ?? found.t.title, values.content ?? found.t.content);
  await mapDuplicate(repo.updateTemplate(db, scope, id, version, values), TEMPLATE_UNIQUE);
  return getTemplate(db, caller, id);
}

export async function removeTemplates(db: Db, caller: Caller, ids: number[]) {
  const unique = [...new Set(ids)];
  const deleted = await db.transaction(async (tx) => {
    const n = await repo.deleteTemplates(tx, scopeOf(caller), unique);
    if (n !== unique.length) throw notFound();
    return n;
  });
  return { deleted };
}

// ---------------------------------------------------------------- send log

const sendRowOf = (r: repo.SendRecord): SendLogRow => ({
  id: r.id,
  orgId: r.orgId,
  businessCode: r.businessCode,
  channel: r.channel as SendLogRow['channel'],
  recipientName: r.recipientName,
  userId: r.userId,
  address: r.address,
  lang: r.lang,
  title: r.title,
  content: r.content,
  link: r.link,
  status: r.status as SendLogRow['status'],
  attempts: r.attempts,
  lastError: r.lastError,
  nextAt: r.nextAt,
  sentAt: r.sentAt,
  createdAt: r.createdAt,
});

export async function listSends(db: Db, caller: Caller, q: SendLogQuery) {
  const { total, rows } = await repo.pageSends(db, scopeOf(caller), q, pageOf(q));
  return { total, data: rows.map(sendRowOf) };
}

export async function getSend(db: Db, caller: Caller, id: number): Promise<SendLogRow> {
  const row = await repo.sendById(db, scopeOf(caller), id);
  if (!row) throw notFound();
  return sendRowOf(row);
}

/** Sends a failed or unknown message again: the operator has checked it did not arrive. */
export async function retrySend(db: Db, caller: Caller, id: number): Promise<SendLogRow> {
  const scope = scopeOf(caller);
  if (!(await repo.sendById(db, scope, id))) throw notFound();
  if (!(await repo.requeueSend(db, scope, id))) throw conflict('state', 'message.notRetryable');
  return getSend(db, caller, id);
}

// ---------------------------------------------------------------- the test screen

/** What the test screen picks from: every template (with its type's variables and samples) and the users of the caller's organisation. */
export async function testChoices(db: Db, caller: Caller) {
  const scope = scopeOf(caller);
  const { rows } = await repo.pageTemplates(db, scope, {}, { limit: 500, offset: 0 });
  const people = await repo.contactsOfOrg(db, scope, caller.orgId);
  return {
    templates: rows.map((r) => ({ ...templateRowOf(r), variables: r.variables })),
    users: people.map((p) => ({ id: p.id, name: p.name, email: p.email, mobile: p.mobile })),
  };
}

/** Renders a template with the given values (the type's samples fill the rest), queues it to one recipient and sends it now. */
export async function testSend(db: Db, caller: Caller, worker: MessageWorker, input: MessageTestSend): Promise<SendLogRow> {
  const scope = scopeOf(caller);
  const tpl = await repo.templateById(db, scope, input.templateId);
  if (!tpl) throw notFound();
  const business = await repo.businessById(db, scope, tpl.t.businessId);
  if (!business) throw notFound();
  const channel = tpl.t.channel;
  let user: repo.Contact | undefined;
  if (input.userId !== undefined) {
    [user] = await repo.contactsByIds(db, scope, [input.userId]);
    if (!user) throw notFound();
  }
  let address: string | null = input.address || null;
  if (channel === 'station' && !user) throw invalid('userId', 'message.stationNeedsUser');
  if (!address && user) address = channel === 'email' ? user.email : channel === 'sms' ? user.mobile : null;
  if (!address && (channel === 'email' || channel === 'sms' || channel === 'wechat')) throw invalid('address', 'message.noAddress');
  const values = { ...Object.fromEntries(business.b.variables.map((v) => [v.name, v.sample])), ...input.values };
  const [id] = await repo.insertSends(db, oneOrgScope(caller.orgId), [
    {
      orgId: caller.orgId,
      businessCode: business.b.code,
      channel,
      userId: user?.id ?? null,
      recipientName: user?.name ?? null,
      address: channel === 'station' || channel === 'dingtalk' || channel === 'wecom' ? null : address,
      lang: tpl.t.lang,
      title: renderTemplate(tpl.t.title, values),
      content: renderTemplate(tpl.t.content, values),
    },
  ]);
  await worker.deliverNow(id!, channel);
  return getSend(db, caller, id!);
}
