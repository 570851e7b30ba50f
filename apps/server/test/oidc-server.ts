/**
 * A real, local OpenID Connect provider (oidc-provider) standing in for Google in tests: the
 * server sends the access token to `${issuer}/me`, the provider's userinfo endpoint, exactly as
 * it does to Google's. Used by the Vitest API tests and by the Playwright e2e specs.
 *
 *   const oidc = await startOidcServer();            // random free port on 127.0.0.1
 *   // start the app with GOOGLE_USERINFO_URL=oidc.userinfoUrl
 *   const token = await oidc.mintAccessToken({ sub: 'g-1', email: 'ada@example.com',
 *     emailVerified: true, givenName: 'Ada', familyName: 'Lovelace' });
 *   // POST /api/users/login/google {idToken: token}
 *   await oidc.close();
 *
 * Accounts live in memory: minting a token for a `sub` (re)defines that account's claims.
 */
import { type AddressInfo, createServer } from 'node:net';
import Provider from 'oidc-provider';

export type OidcAccount = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName?: string;
  familyName?: string;
};

export type OidcServer = {
  issuer: string;
  /** Where GOOGLE_USERINFO_URL should point. */
  userinfoUrl: string;
  /** A fresh access token (scope `openid email profile`) for this account. */
  mintAccessToken(account: OidcAccount): Promise<string>;
  close(): Promise<void>;
};

const CLIENT_ID = 'everdeal-test';

export async function startOidcServer({ port = 0 }: { port?: number } = {}): Promise<OidcServer> {
  const accounts = new Map<string, OidcAccount>();
  const create = (issuer: string) =>
    new Provider(issuer, {
      clients: [
        {
          client_id: CLIENT_ID,
          client_secret: 'test-only-secret',
          redirect_uris: ['http://127.0.0.1/callback'],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
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
  const server = await new Promise<ReturnType<Provider['listen']>>((resolve, reject) => {
    const listening = provider.listen(freePort, '127.0.0.1', () => resolve(listening));
    listening.once('error', reject);
  });

  return {
    issuer,
    userinfoUrl: `${issuer}/me`,
    async mintAccessToken(account) {
      accounts.set(account.sub, account);
      const client = await provider.Client.find(CLIENT_ID);
      if (!client) throw new Error('test client missing');
      const grant = new provider.Grant({ accountId: account.sub, clientId: CLIENT_ID });
      grant.addOIDCScope('openid email profile');
      const grantId = await grant.save();
      return new provider.AccessToken({
        accountId: account.sub,
        client,
        grantId,
        scope: 'openid email profile',
      }).save();
    },
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}
