// oidc-provider ships no types. This declares only what test/oidc-server.ts uses.
declare module 'oidc-provider' {
  import type { Server } from 'node:http';

  type ClaimsFn = (use: string, scope: string) => Promise<Record<string, unknown>> | Record<string, unknown>;
  export type Account = { accountId: string; claims: ClaimsFn };

  export type Configuration = {
    clients?: Record<string, unknown>[];
    claims?: Record<string, string[]>;
    scopes?: string[];
    cookies?: { keys: string[] };
    ttl?: Record<string, number>;
    features?: Record<string, { enabled: boolean }>;
    findAccount?: (ctx: unknown, id: string) => Promise<Account | undefined> | Account | undefined;
  };

  /** The slice of Koa's context a middleware added with `provider.use` reads and writes. */
  export type KoaContext = {
    path: string;
    query: Record<string, string | string[] | undefined>;
    status: number;
    body: unknown;
    set(name: string, value: string): void;
  };

  interface ClientInstance {
    clientId: string;
  }

  interface GrantInstance {
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  interface AccessTokenInstance {
    save(): Promise<string>;
  }

  /** A stored access token as `AccessToken.find` returns it (`exp` in epoch seconds). */
  interface FoundAccessToken {
    accountId: string;
    clientId: string;
    scope: string;
    exp: number;
    isExpired: boolean;
  }

  export default class Provider {
    constructor(issuer: string, configuration?: Configuration);
    listen(port: number, host: string, callback?: () => void): Server;
    use(middleware: (ctx: KoaContext, next: () => Promise<void>) => Promise<void>): this;
    Client: { find(id: string): Promise<ClientInstance | undefined> };
    Grant: new (fields: {
      accountId: string;
      clientId: string;
    }) => GrantInstance;
    AccessToken: {
      new (fields: {
        accountId: string;
        client: ClientInstance;
        grantId: string;
        scope: string;
        expiresIn?: number;
      }): AccessTokenInstance;
      find(value: string): Promise<FoundAccessToken | undefined>;
    };
  }
}
