import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { AuthConfig, OAuthProviderConfig } from '../../config/env.ts';
import type { AddressOwnership } from './address-ownership.ts';

export const oauthProviderIds = ['google', 'facebook'] as const;
export type OAuthProviderId = (typeof oauthProviderIds)[number];

interface FacebookProfile {
  id?: string;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string } };
}

interface GoogleProfile {
  sub?: unknown;
  name?: unknown;
  email?: unknown;
  email_verified?: unknown;
  picture?: unknown;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);

/** Fetches a provider's profile with the access token; null when the provider refuses or answers no object. */
async function profileFrom(url: URL, accessToken: string | undefined): Promise<unknown> {
  const response = await fetch(url, { headers: { authorization: `Bearer ${accessToken ?? ''}` }, signal: AbortSignal.timeout(10_000) });
  if (!response.ok) return null;
  const body: unknown = await response.json();
  return body && typeof body === 'object' ? body : null;
}

function google(provider: OAuthProviderConfig, ownership: AddressOwnership): GenericOAuthConfig {
  return {
    providerId: 'google',
    name: 'Google',
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    authorizationUrl: provider.authorizationUrl,
    tokenUrl: provider.tokenUrl,
    userInfoUrl: provider.userInfoUrl,
    scopes: ['openid', 'email', 'profile'],
    pkce: true,
    prompt: 'select_account',
    // Read Google's OpenID Connect user info here rather than by the library's loose mapping: only the
    // boolean `true` in `email_verified` proves the address (a string "false" is truthy), and that
    // proof is what lets a sign-in take over an account that only claimed the address (ADR 016).
    async getUserInfo(tokens) {
      const profile = (await profileFrom(new URL(provider.userInfoUrl), tokens.accessToken)) as GoogleProfile | null;
      const id = text(profile?.sub);
      if (!profile || !id) return null;
      const email = text(profile.email);
      const emailVerified = profile.email_verified === true;
      // Google vouches that this person reads the address's mail: an account that only claimed the
      // address is handed over before better-auth links this sign-in to it.
      if (email && emailVerified) await ownership.proven(email, 'google');
      return { id, name: text(profile.name) ?? '', email: email ?? null, image: text(profile.picture), emailVerified };
    },
  };
}

function facebook(provider: OAuthProviderConfig): GenericOAuthConfig {
  return {
    providerId: 'facebook',
    name: 'Facebook',
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    authorizationUrl: provider.authorizationUrl,
    tokenUrl: provider.tokenUrl,
    userInfoUrl: provider.userInfoUrl,
    scopes: ['email', 'public_profile'],
    // The Graph API names its fields differently from OpenID Connect.
    async getUserInfo(tokens) {
      const url = new URL(provider.userInfoUrl);
      url.searchParams.set('fields', 'id,name,email,picture');
      const profile = (await profileFrom(url, tokens.accessToken)) as FacebookProfile | null;
      if (!profile?.id) return null;
      return {
        id: profile.id,
        name: profile.name ?? '',
        email: profile.email ?? null,
        image: profile.picture?.data?.url,
        // Facebook does not say whether it confirmed the address, so it is not taken as proof:
        // a Facebook sign-in is never joined to another account that has the same address.
        emailVerified: false,
      };
    },
  };
}

/** The Google and Facebook sign-ins that have a client id and secret; the others stay off. */
export function configuredOAuthProviders(auth: AuthConfig, ownership: AddressOwnership): GenericOAuthConfig[] {
  return [auth.google && google(auth.google, ownership), auth.facebook && facebook(auth.facebook)].filter((provider): provider is GenericOAuthConfig => Boolean(provider));
}
