/** The auth module's public face: the only file of modules/auth other modules import. */
export { authManifest } from './auth.manifest.ts';
export { unreadMessages, providerSignOut } from './auth.ports.ts';
export { createSession, purgeExpiredSessions, resolveSession, type ProviderSignOut } from './session.service.ts';
export { setSessionCookie } from './session.cookie.ts';
export { setSessionIdToken } from './session.repository.ts';
export { defaultOrgOf } from './login.service.ts';
export { type SmsProvider } from './sms.provider.ts';
