import type { GenericOAuthConfig } from 'better-auth/plugins/generic-oauth';
import type { AuthConfig, OAuthProviderConfig } from '../../config/env.ts';

export const oauthProviderIds = ['google', 'facebook'] as const;
export type OAuthProviderId = (typeof oauthProviderIds)[number];

interface FacebookProfile {
  id?: string;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string } };
}

function google(provider: OAuthProviderConfig): GenericOAuthConfig {
  return {
    providerId: 'google',
    name: 'Google',
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    authorizationUrl: provider.authorizationUrl,
    tokenUrl: provider.tokenUrl,
    userInfoUrl: provider.userInfoUrl,
    scopes: ['openid', 'email', 'profile'],
    // Google's OpenID Connect user info names the person `sub`; without this the account key is empty.
    accountSubject: ({ profile }) => String(profile.sub ?? profile.id ?? ''),
    pkce: true,
    prompt: 'select_account',
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
      const response = await fetch(url, {
        headers: { authorization: `Bearer ${tokens.accessToken ?? ''}` },
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) return null;
      const profile = (await response.json()) as FacebookProfile;
      if (!profile.id) return null;
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
export function configuredOAuthProviders(auth: AuthConfig): GenericOAuthConfig[] {
  return [auth.google && google(auth.google), auth.facebook && facebook(auth.facebook)].filter(
    (provider): provider is GenericOAuthConfig => Boolean(provider),
  );
}
