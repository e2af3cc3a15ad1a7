import type * as client from 'openid-client';
import { onFirstUse, requirePackage } from '#app/shared/on-first-use.server';

/**
 * openid-client (with oauth4webapi and jose) loads on the first sign-in through a provider, not
 * when the web process starts: most cafes configure none (decisions 439, 440).
 */
export const loadOpenidClient = onFirstUse(() => requirePackage<typeof client>('openid-client'));

/**
 * The OpenID Connect provider's configuration, discovered on first use and kept for the
 * process (a failed discovery is tried again next time). Built once by `createWebApp`
 * (app/context.ts); the sign-in flow itself is in oidc.server.ts.
 */
export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string | undefined;
  name: string;
}

export interface OidcClient {
  settings: OidcSettings;
  /** `{PUBLIC_URL}/auth/callback`: where the provider sends the user back. */
  callbackUrl: string;
  configuration(): Promise<client.Configuration>;
}

function isLocalHttp(issuer: URL): boolean {
  return issuer.protocol === 'http:' && ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

export function createOidcClient(settings: OidcSettings, publicUrl: string): OidcClient {
  let discovered: Promise<client.Configuration> | null = null;
  return {
    settings,
    callbackUrl: `${publicUrl}/auth/callback`,
    configuration() {
      const issuer = new URL(settings.issuer);
      const client = loadOpenidClient();
      discovered ??= client
        .discovery(issuer, settings.clientId, settings.clientSecret, undefined, {
          // Plain http only for a provider on this machine (development and tests).
          execute: isLocalHttp(issuer) ? [client.allowInsecureRequests] : [],
        })
        .catch((error: unknown) => {
          discovered = null;
          throw error;
        });
      return discovered;
    },
  };
}
