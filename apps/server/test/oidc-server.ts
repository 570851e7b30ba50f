/**
 * A real, local OpenID Connect provider (oidc-provider) standing in for Google in tests. The
 * server asks it the two questions it asks Google about an access token: to whom it was issued
 * (`${issuer}/tokeninfo`, answered like Google's tokeninfo endpoint) and who it belongs to
 * (`${issuer}/me`, the provider's userinfo endpoint). Used by the Vitest API tests and by the
 * Playwright e2e specs.
 *
 *   const oidc = await startOidcServer({ clientIds: ['our-client', 'another-app'] });
 *   // start the app with GOOGLE_CLIENT_ID=our-client, GOOGLE_TOKENINFO_URL=oidc.tokeninfoUrl
 *   // and GOOGLE_USERINFO_URL=oidc.userinfoUrl
 *   const token = await oidc.mintAccessToken({ sub: 'g-1', email: 'ada@example.com',
 *     emailVerified: true, givenName: 'Ada', familyName: 'Lovelace' });   // for 'our-client'
 *   const foreign = await oidc.mintAccessToken(account, { clientId: 'another-app' });
 *   // POST /api/users/login/google {idToken: token}
 *   await oidc.close();
 *
 * Accounts live in memory: minting a token for a `sub` (re)defines that account's claims.
 */
import { type AddressInfo, createServer } from 'node:net';
import Provider, { type KoaContext } from 'oidc-provider';

export type OidcAccount = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
};

export type MintOptions = {
  /** The client the token is issued to; the first of `clientIds` unless the test says otherwise. */
  clientId?: string;
  /** Lifetime in seconds (at least 1); an hour by default. */
  expiresInSeconds?: number;
};

export type OidcServer = {
  issuer: string;
  /** Where GOOGLE_USERINFO_URL should point. */
  userinfoUrl: string;
  /** Where GOOGLE_TOKENINFO_URL should point. */
  tokeninfoUrl: string;
  /** A fresh access token (scope `openid email profile`) for this account. */
  mintAccessToken(account: OidcAccount, options?: MintOptions): Promise<string>;
  close(): Promise<void>;
};

const SCOPE = 'openid email profile';

export async function startOidcServer({
  port = 0,
  clientIds,
}: {
  port?: number;
  /** The applications registered with this provider; a test names the one its store is configured with. */
  clientIds: [string, ...string[]];
}): Promise<OidcServer> {
  const accounts = new Map<string, OidcAccount>();
  const create = (issuer: string) =>
    new Provider(issuer, {
      clients: clientIds.map((clientId) => ({
        client_id: clientId,
        client_secret: 'test-only-secret',
        redirect_uris: ['http://127.0.0.1/callback'],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      })),
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
      cookies: { keys: ['test-only-cookie-key'] },
      ttl: { Grant: 3600, AccessToken: 3600 },
      features: { devInteractions: { enabled: false } },
      findAccount: (_ctx, id) => {
        const account = accounts.get(id);
        if (!account) return undefined;
        return {
          accountId: id,
          claims: () => ({
            sub: account.sub,
            email: account.email,
            email_verified: account.emailVerified,
            given_name: account.givenName,
            family_name: account.familyName,
          }),
        };
      },
    });

  // The issuer URL names the port, so a free one is found before the provider is created.
  const probe = createServer();
  const freePort = await new Promise<number>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen(port, '127.0.0.1', () => resolve((probe.address() as AddressInfo).port));
  });
  await new Promise<void>((resolve) => probe.close(() => resolve()));

  const issuer = `http://127.0.0.1:${freePort}`;
  const provider = create(issuer);
  provider.use(async (ctx, next) => {
    if (ctx.path !== '/tokeninfo') return next();
    await answerTokeninfo(ctx);
  });

  /**
   * Google's tokeninfo for an access token, from the provider's own token store: numbers and
   * booleans as strings, as Google sends them; 400 `invalid_token` for an unknown or expired one.
   */
  async function answerTokeninfo(ctx: KoaContext) {
    const value = ctx.query.access_token;
    const token = typeof value === 'string' ? await provider.AccessToken.find(value) : undefined;
    const account = token ? accounts.get(token.accountId) : undefined;
    ctx.set('cache-control', 'no-store');
    if (!token || !account || token.isExpired) {
      ctx.status = 400;
      ctx.body = { error: 'invalid_token', error_description: 'Invalid Value' };
      return;
    }
    const now = Math.floor(Date.now() / 1000);
    ctx.status = 200;
    ctx.body = {
      azp: token.clientId,
      aud: token.clientId,
      sub: account.sub,
      scope: token.scope,
      exp: String(token.exp),
      expires_in: String(token.exp - now),
      email: account.email,
      email_verified: String(account.emailVerified),
      access_type: 'online',
    };
  }

  const server = await new Promise<ReturnType<Provider['listen']>>((resolve, reject) => {
    const listening = provider.listen(freePort, '127.0.0.1', () => resolve(listening));
    listening.once('error', reject);
  });

  return {
    issuer,
    userinfoUrl: `${issuer}/me`,
    tokeninfoUrl: `${issuer}/tokeninfo`,
    async mintAccessToken(account, { clientId = clientIds[0], expiresInSeconds } = {}) {
      accounts.set(account.sub, account);
      const client = await provider.Client.find(clientId);
      if (!client) throw new Error(`the OIDC server has no client ${clientId}`);
      const grant = new provider.Grant({ accountId: account.sub, clientId });
      grant.addOIDCScope(SCOPE);
      const grantId = await grant.save();
      return new provider.AccessToken({
        accountId: account.sub,
        client,
        grantId,
        scope: SCOPE,
        ...(expiresInSeconds === undefined ? {} : { expiresIn: expiresInSeconds }),
      }).save();
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
