/**
 * Passkeys (WebAuthn) as a plugin of the authentication library (src/accounts/auth.ts), so a
 * passkey sign-in ends in the library's own session and cookie like the e-mailed code's. The
 * WebAuthn ceremonies — options, attestation and assertion checks, signature counters — are
 * SimpleWebAuthn's (`@simplewebauthn/server`); this plugin stores the credentials (table
 * `auth_passkey`, migration 20261208090000_passkeys) and the one-time challenges (the library's
 * verification values, 5 minutes, consumed once). The library's own passkey plugin
 * (`@better-auth/passkey`) pins the internals of better-auth 1.7.6 (docs/decisions.md "The store
 * knows people").
 *
 * The relying party is the origin the request came to (`AuthDeps.baseUrl`): its host is the RP
 * ID, so a passkey made on the store's domain works there only. A passkey is added by a person
 * signed in (their session checked by the library), and signs in without an e-mail typed
 * (a discoverable credential). Only the library's server API calls these endpoints: its HTTP
 * routes are not mounted (src/http/account-route.ts does the same-origin and rate checks first).
 */
import type { BetterAuthPlugin } from 'better-auth';
import { APIError, createAuthEndpoint, sessionMiddleware } from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import {
  type AuthenticationResponseJSON, type RegistrationResponseJSON, type WebAuthnCredential,
  generateAuthenticationOptions, generateRegistrationOptions, verifyAuthenticationResponse, verifyRegistrationResponse,
} from '@simplewebauthn/server';
import * as z from 'zod';

/** How long a ceremony's challenge can be answered, in ms. */
export const PASSKEY_CHALLENGE_MS = 5 * 60 * 1000;

/** A stored passkey, as the library's adapter reads it. */
interface PasskeyRow {
  id: string;
  userId: string;
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string | null;
  name: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

/** The challenge a browser's answer carries (its `clientDataJSON`), or null when it cannot be read. */
function answeredChallenge(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && /^[A-Za-z0-9_-]{16,128}$/.test(data.challenge) ? data.challenge : null;
  } catch {
    return null;
  }
}

const unauthorized = (code: string) => APIError.from('UNAUTHORIZED', { message: 'The passkey was not accepted.', code });

const responseSchema = z.object({ id: z.string().min(1).max(1024), rawId: z.string().min(1).max(1024), type: z.literal('public-key'), response: z.record(z.string(), z.unknown()) }).passthrough();

/**
 * The passkey plugin.
 * @param relyingParty the store's name (shown by the authenticator) and the origin of the request (`https://host`)
 */
export function passkeys(relyingParty: { name: string; origin: string }) {
  const rpID = new URL(relyingParty.origin).hostname;
  const expected = { expectedOrigin: relyingParty.origin, expectedRPID: rpID, requireUserVerification: false };
  return {
    id: 'store-passkeys',
    schema: {
      passkey: {
        modelName: 'auth_passkey',
        fields: {
          userId: { type: 'string', required: true, references: { model: 'user', field: 'id', onDelete: 'cascade' }, index: true },
          credentialId: { type: 'string', required: true, unique: true },
          publicKey: { type: 'string', required: true },
          counter: { type: 'number', required: true },
          transports: { type: 'string', required: false },
          name: { type: 'string', required: false },
          createdAt: { type: 'date', required: true },
          lastUsedAt: { type: 'date', required: false },
        },
      },
    },
    endpoints: {
      /** Options to create a passkey for the signed-in person (their other passkeys excluded). */
      passkeyRegistrationOptions: createAuthEndpoint('/store-passkey/registration-options', { method: 'POST', use: [sessionMiddleware] }, async (ctx) => {
        const user = ctx.context.session.user;
        const existing = await ctx.context.adapter.findMany<PasskeyRow>({ model: 'passkey', where: [{ field: 'userId', value: user.id }] });
        const options = await generateRegistrationOptions({
          rpName: relyingParty.name, rpID, userName: user.email, userDisplayName: user.email, attestationType: 'none',
          excludeCredentials: existing.map((p) => ({ id: p.credentialId })),
          authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
        });
        await ctx.context.internalAdapter.createVerificationValue({ identifier: `passkey-reg:${user.id}:${options.challenge}`, value: options.challenge, expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_MS) });
        return ctx.json(options);
      }),
      /** Stores the passkey the browser created for the signed-in person, once its challenge and attestation check out. */
      passkeyRegister: createAuthEndpoint('/store-passkey/register', { method: 'POST', use: [sessionMiddleware], body: z.object({ response: responseSchema, name: z.string().max(100).optional() }) }, async (ctx) => {
        const user = ctx.context.session.user;
        const response = ctx.body.response as unknown as RegistrationResponseJSON;
        const challenge = answeredChallenge(String(response.response?.clientDataJSON ?? ''));
        if (!challenge || !(await ctx.context.internalAdapter.consumeVerificationValue(`passkey-reg:${user.id}:${challenge}`))) throw unauthorized('PASSKEY_CHALLENGE_UNKNOWN');
        const verified = await verifyRegistrationResponse({ response, expectedChallenge: challenge, ...expected }).catch(() => null);
        if (!verified?.verified || !verified.registrationInfo) throw unauthorized('PASSKEY_NOT_VERIFIED');
        const { credential } = verified.registrationInfo;
        await ctx.context.adapter.create({
          model: 'passkey',
          data: {
            userId: user.id, credentialId: credential.id, publicKey: Buffer.from(credential.publicKey).toString('base64url'), counter: credential.counter,
            transports: credential.transports?.join(',') ?? null, name: ctx.body.name ?? null, createdAt: new Date(), lastUsedAt: null,
          },
        });
        return ctx.json({ ok: true });
      }),
      /** Options to sign in with any passkey of this site (discoverable credentials: no e-mail asked). */
      passkeySignInOptions: createAuthEndpoint('/store-passkey/sign-in-options', { method: 'POST' }, async (ctx) => {
        const options = await generateAuthenticationOptions({ rpID, userVerification: 'preferred' });
        await ctx.context.internalAdapter.createVerificationValue({ identifier: `passkey-auth:${options.challenge}`, value: options.challenge, expiresAt: new Date(Date.now() + PASSKEY_CHALLENGE_MS) });
        return ctx.json(options);
      }),
      /** Signs in with the passkey's assertion: the library's session and cookie, as for a code. */
      passkeySignIn: createAuthEndpoint('/store-passkey/sign-in', { method: 'POST', body: z.object({ response: responseSchema }) }, async (ctx) => {
        const response = ctx.body.response as unknown as AuthenticationResponseJSON;
        const challenge = answeredChallenge(String(response.response?.clientDataJSON ?? ''));
        if (!challenge || !(await ctx.context.internalAdapter.consumeVerificationValue(`passkey-auth:${challenge}`))) throw unauthorized('PASSKEY_CHALLENGE_UNKNOWN');
        const stored = await ctx.context.adapter.findOne<PasskeyRow>({ model: 'passkey', where: [{ field: 'credentialId', value: response.id }] });
        if (!stored) throw unauthorized('PASSKEY_UNKNOWN');
        const credential: WebAuthnCredential = {
          id: stored.credentialId, publicKey: new Uint8Array(Buffer.from(stored.publicKey, 'base64url')), counter: Number(stored.counter),
          ...(stored.transports ? { transports: stored.transports.split(',') as WebAuthnCredential['transports'] } : {}),
        };
        const verified = await verifyAuthenticationResponse({ response, expectedChallenge: challenge, credential, ...expected }).catch(() => null);
        if (!verified?.verified) throw unauthorized('PASSKEY_NOT_VERIFIED');
        await ctx.context.adapter.update({ model: 'passkey', where: [{ field: 'id', value: stored.id }], update: { counter: verified.authenticationInfo.newCounter, lastUsedAt: new Date() } });
        const user = await ctx.context.internalAdapter.findUserById(stored.userId);
        if (!user) throw unauthorized('PASSKEY_UNKNOWN');
        const session = await ctx.context.internalAdapter.createSession(user.id);
        await setSessionCookie(ctx, { session, user });
        return ctx.json({ user: { id: user.id, email: user.email } });
      }),
    },
  } satisfies BetterAuthPlugin;
}
