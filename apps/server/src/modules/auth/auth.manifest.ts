import { contractModule } from '@venue/contract';
import type { ModuleManifest } from '../../platform/module.ts';
import * as authTables from './auth.table.ts';
import * as recoveryTables from './recovery.table.ts';
import * as wechatTables from './wechat.table.ts';
import { authRoutes } from './auth.routes.ts';
import { recoveryRoutes } from './recovery.routes.ts';
import { createSmsProvider, type SmsProvider } from './sms.provider.ts';
import { providerSignOut } from './auth.ports.ts';
import { setWechatProvider, wechatProviderFromConfig } from './wechat.service.ts';
import { startWechatLoginSimulator } from './wechat.sim.ts';
import { seedWechatDemo } from './wechat.demo.ts';

declare module '../../platform/module.ts' {
  interface ModuleOverrides {
    /** Replaces the configured SMS provider (tests read the codes this way). */
    sms: SmsProvider;
  }
}

/** Sign-in, sessions, captchas, verification codes and password recovery. */
export const authManifest: ModuleManifest = {
  name: 'auth',
  ui: contractModule('auth'),
  dependsOn: ['system', 'log', 'mail'],
  tables: {
    schema: { ...authTables, ...recoveryTables, ...wechatTables },
    platformWide: {
      sys_captcha: 'image captchas, issued before anyone is signed in and keyed by an id',
      sys_verification_code: 'verification codes, issued before anyone is signed in and keyed by a phone or login name',
      sys_recover_throttle: 'recovery throttles, keyed by login name and address before anyone is signed in',
    },
    userOwned: ['sys_user_wechat'],
  },
  routes: ({ app, ctx, config, overrides }) => {
    // One provider for sign-in codes and recovery codes.
    const sms = overrides.sms ?? createSmsProvider(config, app.log);
    // Optional by design: without single sign-on no session has a provider's session to end.
    authRoutes(app, ctx, sms, providerSignOut.plugged ? providerSignOut.get()(config) : undefined);
    recoveryRoutes(app, ctx, sms);
    setWechatProvider(app, wechatProviderFromConfig(config));
  },
  // WeChat QR sign-in in the demo: the local simulator stands in for WeChat when no app is configured.
  demo: async ({ app, db, config }) => {
    if (wechatProviderFromConfig(config) || !config.wechatLogin.simulator) return undefined;
    const sim = await startWechatLoginSimulator({ appId: 'wx5d1e0f2a3b4c5d6e' });
    setWechatProvider(app, { appId: sim.appId, secret: sim.secret, openUrl: sim.url, apiUrl: sim.url, redirectBase: config.wechatLogin.redirectBase });
    await seedWechatDemo(db, sim);
    return () => sim.close();
  },
};
