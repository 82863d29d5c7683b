import { z } from 'zod';
import { loginResult } from './auth.ts';

/** Single sign-on (OpenID Connect, `/ssologin`) under the auth prefix. */

/** `GET {auth}sso/authorize`: where the console goes after the provider (a console path). */
export const ssoAuthorizeQuery = z.object({ redirect: z.string().max(500).optional() });
/** `POST {auth}sso/callback`: the provider's answer, as it came back to the console. */
export const ssoCallbackBody = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(256),
  iss: z.string().max(500).optional(),
  session_state: z.string().max(500).optional(),
});
/** `POST {auth}sso/token`: sign in with a provider's access token (third-party applications). */
export const ssoTokenBody = z.object({ token: z.string().min(1).max(8192) });

// ---------------------------------------------------------------- answers

/** `GET {auth}sso/config`: whether the login page offers single sign-on. */
export const ssoConfig = z.object({ enabled: z.boolean(), loginWay: z.string() });
export type SsoConfig = z.output<typeof ssoConfig>;
/** `GET {auth}sso/authorize`: the provider's authorisation URL. */
export const ssoAuthorizeAnswer = z.object({ url: z.string() });
/** A single sign-on answers like a sign-in, with its login way and where to go next. */
export const ssoLoginResult = loginResult.extend({ loginWay: z.string(), redirect: z.string().optional() });
export type SsoLoginResult = z.output<typeof ssoLoginResult>;
