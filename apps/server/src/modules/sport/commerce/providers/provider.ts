/**
 * The one adapter interface of the payment providers (Alipay, WeChat Pay v3, the aggregated QR
 * protocol). The commerce core speaks only this; amounts are fen everywhere here and are
 * converted to the provider's unit (yuan text for Alipay and most aggregators, fen for WeChat)
 * only inside an adapter. Adapters are stateless: every call gets the merchant settings of the
 * selling organisation (decrypted by the core) and does real signed HTTP.
 */

export type ProviderName = 'alipay' | 'wechat' | 'aggregate';
export const PROVIDERS: readonly ProviderName[] = ['alipay', 'wechat', 'aggregate'];

/**
 * One organisation's merchant settings for one provider. `settings` are the non-secret fields
 * (gateway URL, app id, merchant id, certificate serial, the provider's public key); `secrets`
 * are decrypted only for the call (private key, API v3 key, aggregator key) and never leave the
 * server.
 */
export interface MerchantConfig {
  provider: ProviderName;
  /** Base URL of the provider's API (the local simulator's in tests and the demo). */
  gateway: string;
  settings: Record<string, string>;
  secrets: Record<string, string>;
}

export interface TradeInput {
  /** Our payment number (unique per provider): Alipay out_trade_no, WeChat out_trade_no. */
  outTradeNo: string;
  amountFen: number;
  subject: string;
  /** Where the provider posts its asynchronous notification. */
  notifyUrl: string;
  /** The provider closes the trade by itself after this instant. */
  expiresAt: Date;
}

/** A trade as the provider sees it. `paying`: the customer has not confirmed yet (barcode with a password). */
export type TradeState = 'paying' | 'succeeded' | 'closed' | 'failed' | 'refunded' | 'not_found';

export interface TradeStatus {
  state: TradeState;
  /** The provider's own trade number, once it has one. */
  tradeNo?: string;
  /** What the provider says was paid, in fen. */
  paidFen?: number;
  paidAt?: Date;
  /** The provider's answer, kept with the payment. */
  raw: unknown;
}

export interface RefundInput {
  outTradeNo: string;
  /** Our refund number (unique per provider). */
  outRefundNo: string;
  refundFen: number;
  /** The whole trade's amount (WeChat needs it). */
  totalFen: number;
  reason: string;
  notifyUrl: string;
}

export type RefundState = 'processing' | 'succeeded' | 'failed' | 'not_found';

export interface RefundStatus {
  state: RefundState;
  refundNo?: string;
  refundFen?: number;
  raw: unknown;
}

/** A verified asynchronous notification. */
export interface Notification {
  /** Unique per provider: the inbox key that makes replays harmless. */
  notifyId: string;
  kind: 'pay' | 'refund';
  outTradeNo: string;
  outRefundNo?: string;
  tradeNo?: string;
  /** Paid (kind pay) or refunded (kind refund) amount, in fen. */
  amountFen: number;
  state: 'succeeded' | 'closed' | 'failed';
  at?: Date;
  /** The parsed notification as received (decrypted for WeChat), stored with the payment. */
  raw: unknown;
}

/** What the notification route answers the provider, in the provider's own words. */
export interface NotifyReply {
  status: number;
  contentType: string;
  body: string;
}

/** A notification whose signature, certificate or decryption fails. */
export class NotifySignatureError extends Error {}

/** The provider answered with an error (business or transport); `code` is the provider's. */
export class ProviderError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly raw?: unknown,
  ) {
    super(message);
  }
}

export interface PayProvider {
  readonly name: ProviderName;
  /** Customer scans: a QR code text (a URL) for the amount. */
  precreate(cfg: MerchantConfig, input: TradeInput): Promise<{ qrCode: string; raw: unknown }>;
  /** Merchant scans the customer's code (`authCode`). May answer `paying`: poll with query. */
  micropay(cfg: MerchantConfig, input: TradeInput & { authCode: string }): Promise<TradeStatus>;
  query(cfg: MerchantConfig, outTradeNo: string): Promise<TradeStatus>;
  /** Closes an unpaid trade. */
  close(cfg: MerchantConfig, outTradeNo: string): Promise<void>;
  /** Cancels a barcode trade that timed out: closes it, or refunds it if the customer had paid. */
  reverse(cfg: MerchantConfig, outTradeNo: string): Promise<void>;
  refund(cfg: MerchantConfig, input: RefundInput): Promise<RefundStatus>;
  refundQuery(cfg: MerchantConfig, outTradeNo: string, outRefundNo: string): Promise<RefundStatus>;
  /**
   * The setting that identifies a merchant in a notification (Alipay `appId`, WeChat the platform
   * certificate or public-key serial `platformSerial`, aggregate `mchId`): the notification route
   * finds the organisation's settings by it before verifying.
   */
  readonly merchantKeyField: string;
  /** That key as a notification carries it (undefined: not a notification of this provider). */
  notifyMerchantKey(headers: Record<string, string | string[] | undefined>, rawBody: string): string | undefined;
  /**
   * Verifies and parses an asynchronous notification from its headers and exact raw body.
   * Throws NotifySignatureError when it is not authentic.
   */
  parseNotify(cfg: MerchantConfig, headers: Record<string, string | string[] | undefined>, rawBody: string): Notification;
  /** The answer the provider expects: accepted (it stops retrying) or not (it retries). */
  notifyReply(accepted: boolean): NotifyReply;
  /** The daily statement (yyyy-MM-dd, the provider's day) as text, for reconciliation. */
  downloadBill(cfg: MerchantConfig, day: string): Promise<string>;
}

/**
 * Codes that say nothing about what the provider did: the call timed out or failed on the way, or
 * its answer could not be read or trusted. After one of these a charge or a refund may or may not
 * have happened: the core leaves it open and asks again (query, refund query), never marks it failed.
 */
const UNKNOWN_OUTCOME = new Set(['TIMEOUT', 'HTTP', 'PROTOCOL', 'SIGNATURE', 'CONFIG', 'RETURN_FAIL', 'RECALL', 'SYSTEMERROR', 'SYSTEM_ERROR', 'USERPAYING']);

/** True when an error of a provider call leaves its outcome unknown (anything but the provider's own refusal). */
export function outcomeUnknown(e: unknown): boolean {
  if (!(e instanceof ProviderError)) return true;
  return UNKNOWN_OUTCOME.has(e.code) || /^HTTP_5\d\d$/.test(e.code);
}
