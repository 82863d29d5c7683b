import http from 'node:http';
import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** Where the portal client of the test provider is sent back to. */
export const PORTAL_REDIRECT = 'http://portal.test/cb';

export interface IdpAccount {
  preferred_username?: string;
  email?: string;
  email_verified?: boolean;
}

/** The console's signed-out page, where the provider sends the browser back after signing out there. */
export const signedOutUriFor = (consoleRedirectUri: string) => new URL('signedOut', consoleRedirectUri).href;

/**
 * A real OpenID provider (oidc-provider) on a free port with two clients: the console
 * (`venue-console`, secret `console-secret`) and a portal (`portal`, `portal-secret`). Its login
 * interaction signs in the account named in `state.next` at once (a person typing their
 * password at the provider) and counts it in `state.logins`; with `state.next` null it shows its
 * sign-in page (`#idp-login`) and waits. Consent is granted for these first-party clients, so the
 * authorization-code flow can be driven with plain HTTP or a browser. A live provider session
 * skips the interaction: that is single sign-on.
 *
 * RP-initiated logout: `end_session_endpoint` (`/session/end`) asks to confirm (`#idp-logout-yes`
 * submits form `op.logoutForm`), ends the provider session and sends the browser to the
 * `post_logout_redirect_uri` registered for the console (its signed-out page).
 */
export async function startIdp(consoleRedirectUri: string, accounts: Record<string, IdpAccount>) {
  const server = http.createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const { privateKey } = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', use: 'sig', alg: 'RS256' };
  const state: { next: string | null; logins: number } = { next: Object.keys(accounts)[0]!, logins: 0 };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: 'venue-console',
        client_secret: 'console-secret',
        redirect_uris: [consoleRedirectUri],
        post_logout_redirect_uris: [signedOutUriFor(consoleRedirectUri)],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
      {
        client_id: 'portal',
        client_secret: 'portal-secret',
        redirect_uris: [PORTAL_REDIRECT],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [jwk] },
    cookies: { keys: ['cookie-key-for-tests'] },
    claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email', 'email_verified'] },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: async (ctx: any, form: string) => {
          ctx.body = `<!DOCTYPE html><html><head><meta charset="utf-8"><title>Identity provider</title></head><body>
            <h1 id="idp-logout">Sign out of the identity provider?</h1>${form}
            <button id="idp-logout-yes" type="submit" form="op.logoutForm" name="logout" value="yes">Yes, sign me out</button>
            <button type="submit" form="op.logoutForm">No, stay signed in</button></body></html>`;
        },
        postLogoutSuccessSource: async (ctx: any) => {
          ctx.body =
            '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Identity provider</title></head><body><h1 id="idp-signed-out">Signed out</h1></body></html>';
        },
      },
    },
    pkce: { required: () => true },
    ttl: { Interaction: 600, Grant: 3600, Session: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: async (_ctx: unknown, id: string) => (accounts[id] ? { accountId: id, claims: async () => ({ sub: id, ...accounts[id] }) } : undefined),
    loadExistingGrant: async (ctx: any) => {
      const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
      grant.addOIDCScope('openid profile email');
      await grant.save();
      return grant;
    },
  });
  const callback = provider.callback();
  server.on('request', (req, res) => {
    if (req.url?.startsWith('/interaction/')) {
      provider
        .interactionDetails(req, res)
        .then(async () => {
          if (state.next === null) {
            res.setHeader('content-type', 'text/html; charset=utf-8');
            res.end(
              '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Identity provider</title></head><body><h1 id="idp-login">Sign in to the identity provider</h1></body></html>',
            );
            return;
          }
          state.logins++;
          await provider.interactionFinished(req, res, { login: { accountId: state.next } }, { mergeWithLastSubmission: false });
        })
        .catch((e: Error) => {
          res.statusCode = 500;
          res.end(e.message);
        });
      return;
    }
    callback(req, res);
  });
  return { issuer, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}
