/** The payment providers by name: the commerce core reaches every adapter through `providerOf`. */
import { alipay } from './alipay.ts';
import { wechat } from './wechat.ts';
import { aggregate } from './aggregate.ts';
import type { PayProvider, ProviderName } from './provider.ts';

const REGISTRY: Record<ProviderName, PayProvider> = { alipay, wechat, aggregate };

export function providerOf(name: ProviderName): PayProvider {
  const p = REGISTRY[name];
  if (!p) throw new Error(`unknown payment provider: ${String(name)}`);
  return p;
}

export * from './provider.ts';
