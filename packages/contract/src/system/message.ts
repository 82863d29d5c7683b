import { z } from 'zod';
import { pageQuery } from '../envelope.ts';
import { fields, INT4_MAX, updateOf } from '../fields.ts';

/**
 * Messaging delivery (spec 2.4 "Message": business, channel, logs, templates, test; issue 14).
 * A business event (`booking.closureCancelled`, `card.expiring`, `job.failed`) names its business
 * type; the type lists the variables its templates may use, the channels it goes out on and who
 * receives it. Each (recipient, channel) becomes one row of the durable send queue, which is also
 * the send log.
 */

export const MESSAGE_CHANNELS = ['station', 'email', 'sms', 'wechat', 'dingtalk', 'wecom'] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/** The channels with settings of their own (station messages are always on). */
export const CONFIGURABLE_CHANNELS = ['email', 'sms', 'wechat', 'dingtalk', 'wecom'] as const;
export type ConfigurableChannel = (typeof CONFIGURABLE_CHANNELS)[number];
export const MESSAGE_LANGS = ['zh-CN', 'en-US'] as const;
export const SEND_STATUSES = ['pending', 'sending', 'sent', 'failed', 'unknown'] as const;
export type SendStatus = (typeof SEND_STATUSES)[number];

// ---------------------------------------------------------------- template text

const VARIABLE = /\{([A-Za-z_][A-Za-z0-9_]{0,31})\}/g;
const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,31}$/;

/** The variables a template text uses (`{name}`), each once, in order of appearance. */
export function templateVariables(text: string): string[] {
  return [...new Set([...text.matchAll(VARIABLE)].map((m) => m[1]!))];
}

/** The text with each `{name}` replaced by its value; a name without a value stays as written. */
export function renderTemplate(text: string, values: Readonly<Record<string, string | number | null | undefined>>): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    const v = values[name];
    return v === undefined || v === null ? whole : String(v);
  });
}

// ---------------------------------------------------------------- channels

const url = fields
  .str()
  .trim()
  .max(300)
  .regex(/^https?:\/\/[^\s]+$/, 'message.badUrl');
const secret = fields.str().max(500);

/** Each channel's settings (shown) and secrets (stored sealed, answered only as set or not set). */
export const messageChannelSettings = {
  email: z.object({
    host: fields.str().trim().min(1).max(200),
    port: fields.intIn(1, 65535),
    secure: z.boolean().default(false),
    user: fields.str().trim().max(200).optional(),
    from: fields.str().trim().min(3).max(200),
  }),
  sms: z.object({ url }),
  wechat: z.object({
    apiBase: url.default('https://api.weixin.qq.com'),
    appId: fields.str().trim().min(1).max(64),
    templateId: fields.str().trim().min(1).max(128),
  }),
  dingtalk: z.object({ url: url.default('https://oapi.dingtalk.com/robot/send') }),
  wecom: z.object({ url: url.default('https://qyapi.weixin.qq.com/cgi-bin/webhook/send') }),
} as const;
export const messageChannelSecrets = {
  email: z.object({ password: secret.optional() }),
  sms: z.object({ token: secret.optional() }),
  wechat: z.object({ appSecret: secret.optional() }),
  dingtalk: z.object({ accessToken: secret.optional(), signSecret: secret.optional() }),
  wecom: z.object({ key: secret.optional() }),
} as const;
/** The secrets a channel cannot send without. */
export const REQUIRED_SECRETS: Record<ConfigurableChannel, readonly string[]> = {
  email: [],
  sms: [],
  wechat: ['appSecret'],
  dingtalk: ['accessToken'],
  wecom: ['key'],
};

export const messageChannelParams = z.object({ channel: z.enum(CONFIGURABLE_CHANNELS) });
/**
 * `PUT message/channel/{channel}`: settings are checked against the channel's own schema by the
 * server. A secret given replaces the stored one, an empty string clears it, an absent one is kept.
 */
export const messageChannelSave = z.object({
  enabled: z.boolean(),
  /** Left out: the stored rate is kept (60 for a channel never saved). */
  ratePerMinute: fields.intIn(1, 100_000).optional(),
  settings: z.record(z.string().max(32), z.unknown()),
  secrets: z.record(z.string().max(32), secret).default({}),
  /** 0 for a channel never saved. */
  version: fields.intIn(0, INT4_MAX),
});
export type MessageChannelSave = z.output<typeof messageChannelSave>;
export const messageChannelRow = z.object({
  channel: fields.textOf(MESSAGE_CHANNELS),
  enabled: z.boolean(),
  ratePerMinute: z.number(),
  settings: z.record(z.string(), z.unknown()),
  /** Which secrets are stored: never their values. */
  secretsSet: z.record(z.string(), z.boolean()),
  version: z.number(),
  updatedAt: fields.instantOut.nullable(),
});
export type MessageChannelRow = z.output<typeof messageChannelRow>;

// ---------------------------------------------------------------- business types

const variableDef = z.object({
  name: fields.str().trim().regex(VARIABLE_NAME, 'message.badVariable'),
  /** Shown in previews and on the test screen. */
  sample: fields.str().trim().max(200).default(''),
});
export const messageBusinessRecipients = z.object({
  /** The member the event names (its phone, email or WeChat openid). */
  member: z.boolean().default(false),
  /** The user whose action raised the event. */
  operator: z.boolean().default(false),
  /** Every user holding one of these roles. */
  roleIds: fields.idArray(50).default([]),
  /** Every user of the event's organisation. */
  orgUsers: z.boolean().default(false),
});
export type MessageBusinessRecipients = z.output<typeof messageBusinessRecipients>;

export const messageBusinessCreate = z.object({
  orgId: fields.id.optional(),
  code: fields
    .str()
    .trim()
    .regex(/^[a-z][A-Za-z0-9]*(\.[a-z][A-Za-z0-9]*)+$/, 'message.badCode')
    .max(64),
  name: fields.str().trim().min(1).max(64),
  variables: z.array(variableDef).max(30).default([]),
  channels: z.array(z.enum(MESSAGE_CHANNELS)).min(1).max(MESSAGE_CHANNELS.length),
  recipients: messageBusinessRecipients,
  status: fields.intIn(0, 1).default(0),
  remark: fields.optText(200),
});
export type MessageBusinessCreate = z.output<typeof messageBusinessCreate>;
export const messageBusinessUpdate = updateOf(messageBusinessCreate.omit({ orgId: true, code: true }));
export type MessageBusinessUpdate = z.output<typeof messageBusinessUpdate>;
export const messageBusinessListQuery = pageQuery.extend({
  code: fields.str().trim().max(64).optional(),
  name: fields.str().trim().max(64).optional(),
  status: fields.intIn(0, 1).optional(),
});
export type MessageBusinessListQuery = z.output<typeof messageBusinessListQuery>;
export const messageBusinessRow = z.object({
  id: z.number(),
  orgId: z.number(),
  orgName: z.string(),
  code: z.string(),
  name: z.string(),
  variables: z.array(z.object({ name: z.string(), sample: z.string() })),
  channels: z.array(fields.textOf(MESSAGE_CHANNELS)),
  recipients: z.object({ member: z.boolean(), operator: z.boolean(), roleIds: z.array(z.number()), orgUsers: z.boolean() }),
  status: z.number(),
  remark: z.string().nullable(),
  templateCount: z.number(),
  version: z.number(),
  createdAt: fields.instantOut,
  updatedAt: fields.instantOut,
});
export type MessageBusinessRow = z.output<typeof messageBusinessRow>;

// ---------------------------------------------------------------- templates

export const messageTemplateCreate = z.object({
  businessId: fields.id,
  channel: z.enum(MESSAGE_CHANNELS),
  lang: z.enum(MESSAGE_LANGS),
  title: fields.str().trim().max(200).default(''),
  content: fields.str().trim().min(1).max(2000),
  status: fields.intIn(0, 1).default(0),
});
export type MessageTemplateCreate = z.output<typeof messageTemplateCreate>;
export const messageTemplateUpdate = updateOf(messageTemplateCreate.omit({ businessId: true }));
export type MessageTemplateUpdate = z.output<typeof messageTemplateUpdate>;
export const messageTemplateListQuery = pageQuery.extend({
  businessId: fields.id.optional(),
  channel: z.enum(MESSAGE_CHANNELS).optional(),
  lang: z.enum(MESSAGE_LANGS).optional(),
  content: fields.str().trim().max(100).optional(),
});
export type MessageTemplateListQuery = z.output<typeof messageTemplateListQuery>;
export const messageTemplateRow = z.object({
  id: z.number(),
  orgId: z.number(),
  businessId: z.number(),
  businessCode: z.string(),
  businessName: z.string(),
  channel: fields.textOf(MESSAGE_CHANNELS),
  lang: fields.textOf(MESSAGE_LANGS),
  title: z.string(),
  content: z.string(),
  status: z.number(),
  version: z.number(),
  updatedAt: fields.instantOut,
});
export type MessageTemplateRow = z.output<typeof messageTemplateRow>;

// ---------------------------------------------------------------- send log

export const sendLogQuery = pageQuery.extend({
  businessCode: fields.str().trim().max(64).optional(),
  channel: z.enum(MESSAGE_CHANNELS).optional(),
  status: z.enum(SEND_STATUSES).optional(),
  address: fields.str().trim().max(200).optional(),
  from: fields.instant.optional(),
  to: fields.instant.optional(),
});
export type SendLogQuery = z.output<typeof sendLogQuery>;
export const sendLogRow = z.object({
  id: z.number(),
  orgId: z.number(),
  businessCode: z.string(),
  channel: fields.textOf(MESSAGE_CHANNELS),
  recipientName: z.string().nullable(),
  userId: z.number().nullable(),
  address: z.string().nullable(),
  lang: z.string(),
  title: z.string(),
  content: z.string(),
  link: z.string().nullable(),
  status: fields.textOf(SEND_STATUSES),
  attempts: z.number(),
  lastError: z.string().nullable(),
  nextAt: fields.instantOut,
  sentAt: fields.instantOut.nullable(),
  createdAt: fields.instantOut,
});
export type SendLogRow = z.output<typeof sendLogRow>;

// ---------------------------------------------------------------- test sends

/** `POST message/test`: one template to one recipient, sent now; answers the log row. */
export const messageTestSend = z.object({
  templateId: fields.id,
  /** A user of the caller's organisations (station, and their email or phone). */
  userId: fields.id.optional(),
  /** Or an address of the channel: an email, a phone, a WeChat openid (robots need none). */
  address: fields.str().trim().max(200).optional(),
  values: z.record(z.string().max(32), fields.str().max(500)).default({}),
});
export type MessageTestSend = z.output<typeof messageTestSend>;
/** `GET message/test/choices`: the templates (with their type's variables) and the users of the caller's organisation. */
export const messageTestChoices = z.object({
  templates: z.array(messageTemplateRow.extend({ variables: z.array(z.object({ name: z.string(), sample: z.string() })) })),
  users: z.array(z.object({ id: z.number(), name: z.string(), email: z.string().nullable(), mobile: z.string().nullable() })),
});
export type MessageTestChoices = z.output<typeof messageTestChoices>;
