// oidc-provider ships no type declarations and @types/oidc-provider is not a dependency; this covers
// only the surface server/idp uses, loosely where the library's shapes are large.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type UnknownObject = Record<string, unknown>;

  export interface KoaContextWithOIDC {
    body: unknown;
    type: string;
    status: number;
    host: string;
    href: string;
    origin: string;
    set(field: string, value: string): void;
    oidc: {
      issuer: string;
      route: string;
      client?: { clientId: string; clientName?: string };
      params?: UnknownObject;
      entities: UnknownObject;
      urlFor(name: string, opt?: UnknownObject): string;
    };
  }

  export interface AccountClaims {
    sub: string;
    [claim: string]: unknown;
  }

  export interface Account {
    accountId: string;
    claims(
      use: string,
      scope: string,
      claims: UnknownObject,
      rejected: string[],
    ): AccountClaims | Promise<AccountClaims>;
  }

  export interface ClientMetadata {
    client_id: string;
    [key: string]: unknown;
  }

  export interface ResourceServerInfo {
    scope: string;
    audience?: string;
    accessTokenTTL?: number;
    accessTokenFormat?: 'opaque' | 'jwt';
    jwt?: { sign?: { alg?: string; kid?: string } };
  }

  export interface TokenLike {
    accountId?: string;
    clientId?: string;
    grantId?: string;
    kind: string;
    remainingTTL: number;
  }

  export interface ClientLike {
    clientId: string;
    redirectUris: string[];
    applicationType?: string;
    clientAuthMethod?: string;
    grantTypeAllowed(grantType: string): boolean;
  }

  export interface Configuration {
    clients?: ClientMetadata[];
    findAccount?: (ctx: KoaContextWithOIDC, sub: string, token?: unknown) => Promise<Account | undefined>;
    jwks?: { keys: UnknownObject[] };
    cookies?: { keys?: string[]; long?: UnknownObject; short?: UnknownObject; names?: UnknownObject };
    claims?: Record<string, string[] | null>;
    scopes?: string[];
    conformIdTokenClaims?: boolean;
    clientBasedCORS?: (ctx: KoaContextWithOIDC, origin: string, client: ClientLike) => boolean;
    pkce?: { required?: (ctx: KoaContextWithOIDC, client: ClientLike) => boolean };
    rotateRefreshToken?: boolean | ((ctx: KoaContextWithOIDC) => boolean);
    issueRefreshToken?: (ctx: KoaContextWithOIDC, client: ClientLike, code: unknown) => boolean | Promise<boolean>;
    extraTokenClaims?: (
      ctx: KoaContextWithOIDC,
      token: TokenLike,
    ) => UnknownObject | undefined | Promise<UnknownObject | undefined>;
    interactions?: { url?: (ctx: KoaContextWithOIDC, interaction: Interaction) => string | Promise<string> };
    renderError?: (ctx: KoaContextWithOIDC, out: Record<string, string>, error: Error) => void | Promise<void>;
    ttl?: Record<string, number | ((ctx: KoaContextWithOIDC, token: TokenLike, client: ClientLike) => number)>;
    features?: UnknownObject;
    [key: string]: unknown;
  }

  export interface Interaction {
    uid: string;
    returnTo: string;
    grantId?: string;
    params: UnknownObject & { client_id?: string; scope?: string };
    prompt: { name: string; reasons: string[]; details: UnknownObject };
    session?: { accountId?: string; uid?: string };
    lastSubmission?: UnknownObject;
  }

  export interface InteractionResults {
    login?: { accountId: string; remember?: boolean; ts?: number; amr?: string[]; acr?: string };
    consent?: { grantId?: string };
    [key: string]: unknown;
  }

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    static find(id: string): Promise<Grant | undefined>;
    accountId: string;
    clientId: string;
    addOIDCScope(scope: string): void;
    addOIDCClaims(claims: string[]): void;
    addResourceScope(resource: string, scope: string): void;
    save(): Promise<string>;
  }

  export class Provider {
    constructor(issuer: string, configuration?: Configuration);
    issuer: string;
    proxy: boolean;
    readonly Grant: typeof Grant;
    callback(): (req: IncomingMessage, res: ServerResponse) => Promise<void>;
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<Interaction>;
    interactionResult(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: InteractionResults,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }

  export const errors: {
    OIDCProviderError: new (...args: unknown[]) => Error & { error: string; status: number };
    InvalidTarget: new (description?: string) => Error;
    SessionNotFound: new (description?: string) => Error;
  };

  export default Provider;
}
