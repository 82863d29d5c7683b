/**
 * The local payment simulators, for tests and the demo (`SEED_DEMO=1`). Production code that is
 * never started unless asked: `startPaySimulators()` starts all three on 127.0.0.1 and answers,
 * per provider, `{ url, merchantConfig(), controls..., close() }`. Keys are made at start, or
 * passed in (`keys` of a previous run) so that a restarted simulator keeps them.
 */
import { startAlipaySimulator, type AlipaySimHandle, type AlipaySimOptions } from './alipay.sim.ts';
import { startWechatSimulator, type WechatSimHandle, type WechatSimOptions } from './wechat.sim.ts';
import { startAggregateSimulator, type AggregateSimHandle, type AggregateSimOptions } from './aggregate.sim.ts';

export { startAlipaySimulator, startWechatSimulator, startAggregateSimulator };
export type { AlipaySimHandle, WechatSimHandle, AggregateSimHandle, AlipaySimOptions, WechatSimOptions, AggregateSimOptions };

export interface PaySimulators {
  alipay: AlipaySimHandle;
  wechat: WechatSimHandle;
  aggregate: AggregateSimHandle;
  /** The keys of the three, to start them again with the same keys. */
  keys(): { alipay: AlipaySimHandle['keys']; wechat: WechatSimHandle['keys']; aggregate: AggregateSimHandle['keys'] };
  close(): Promise<void>;
}

export interface PaySimulatorsOptions {
  alipay?: AlipaySimOptions;
  wechat?: WechatSimOptions;
  aggregate?: AggregateSimOptions;
}

export async function startPaySimulators(opts: PaySimulatorsOptions = {}): Promise<PaySimulators> {
  const started = await Promise.allSettled([startAlipaySimulator(opts.alipay), startWechatSimulator(opts.wechat), startAggregateSimulator(opts.aggregate)]);
  const failed = started.find((s) => s.status === 'rejected');
  if (failed) {
    await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
    throw (failed as PromiseRejectedResult).reason;
  }
  const [alipay, wechat, aggregate] = started.map((s) => (s as PromiseFulfilledResult<unknown>).value) as [
    AlipaySimHandle,
    WechatSimHandle,
    AggregateSimHandle,
  ];
  return {
    alipay,
    wechat,
    aggregate,
    keys: () => ({ alipay: alipay.keys, wechat: wechat.keys, aggregate: aggregate.keys }),
    close: async () => {
      await Promise.all([alipay.close(), wechat.close(), aggregate.close()]);
    },
  };
}
