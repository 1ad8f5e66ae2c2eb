/**
 * Passkeys (WebAuthn, by @simplewebauthn/server): a person adds them from their Profile and signs
 * in with one from the sign-in dialog without typing an email (discoverable credentials). The
 * challenge is the session's own (session-store.ts `challenge`), for one use, within 5 minutes,
 * for one purpose; the relying party is the app's public address (PUBLIC_URL, else the address
 * the request came to); user verification is required, so a passkey counts as both factors; the
 * signature counter is checked and kept as the library advises.
 */
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Db } from '../../db/client.ts';
import { invalid, notFound } from '../../engine/errors.ts';
import type { PasskeyChallenge } from '../session-store.ts';
import { forgetSessionUser } from '../session-user-cache.ts';
import { shopName } from '../mail/templates/render.ts';
import { recordSecurityEvent } from './factors.ts';

/** How long a challenge may be answered. */
export const CHALLENGE_MS = 5 * 60_000;

/** The relying party: the app's public origin and its host name. */
export interface RelyingParty {
  origin: string;
  id: string;
}

const TRANSPORTS = ['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb'] as const;
type Transport = (typeof TRANSPORTS)[number];
const isTransport = (t: string): t is Transport => (TRANSPORTS as readonly string[]).includes(t);

/** The credentials an options object names, in the declared answer's form (shared/actions/security.ts). */
const descriptors = (list: { id: string; transports?: string[] }[] | undefined) =>
  list?.map((c) => ({ id: c.id, type: 'public-key' as const, ...(c.transports && { transports: c.transports.filter(isTransport) }) }));

export const relyingParty = (publicOrigin: string): RelyingParty => ({ origin: new URL(publicOrigin).origin, id: new URL(publicOrigin).hostname });

export interface PasskeyRow {
  id: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

const shown = (r: PasskeyRow) => ({
  id: r.id,
  name: r.name,
  created_at: new Date(r.created_at).toISOString(),
  last_used_at: r.last_used_at ? new Date(r.last_used_at).toISOString() : null,
});

export async function listPasskeys(db: Db, userId: number) {
  const rows = await db.query<PasskeyRow>('SELECT id, name, created_at, last_used_at FROM passkeys WHERE user_id = $1 ORDER BY created_at, id', [userId]);
  return rows.map(shown);
}

/** The challenge as given, once: taken from the session whether or not it is still good. */
function takeChallenge(session: { challenge?: PasskeyChallenge }, purpose: PasskeyChallenge['purpose']): string {
  const c = session.challenge;
  session.challenge = undefined;
  if (!c || c.purpose !== purpose || Date.now() - c.at > CHALLENGE_MS)
    throw invalid({ response: ['This passkey request has expired or was used already. Try again.'] });
  return c.value;
}

export async function registrationOptions(
  db: Db,
  rp: RelyingParty,
  person: { id: number; name: string; email: string },
  session: { challenge?: PasskeyChallenge },
) {
  const existing = await db.query<{ credential_id: string; transports: string[] | null }>('SELECT credential_id, transports FROM passkeys WHERE user_id = $1', [
    person.id,
  ]);
  const options = await generateRegistrationOptions({
    rpName: await shopName(db),
    rpID: rp.id,
    userName: person.email,
    userDisplayName: person.name,
    userID: new TextEncoder().encode(String(person.id)),
    attestationType: 'none',
    excludeCredentials: existing.map((c) => ({ id: c.credential_id, ...(c.transports && { transports: c.transports }) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
    timeout: CHALLENGE_MS,
  });
  session.challenge = { value: options.challenge, purpose: 'register', at: Date.now() };
  return { ...options, excludeCredentials: descriptors(options.excludeCredentials) };
}

export async function addPasskey(
  db: Db,
  rp: RelyingParty,
  person: { id: number },
  session: { challenge?: PasskeyChallenge },
  name: string,
  response: RegistrationResponseJSON,
) {
  const expectedChallenge = takeChallenge(session, 'register');
  const verification = await verifyRegistrationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => ({ verified: false as const }));
  if (!verification.verified) throw invalid({ response: ['The passkey could not be checked. Try again.'] });
  const { credential } = verification.registrationInfo;
  return db.transaction(async (tx) => {
    const [row] = await tx.query<PasskeyRow>(
      `INSERT INTO passkeys (user_id, name, credential_id, public_key, counter, transports) VALUES ($1, $2, $3, $4, $5, $6::jsonb)
       ON CONFLICT (credential_id) DO NOTHING RETURNING id, name, created_at, last_used_at`,
      [
        person.id,
        name,
        credential.id,
        Buffer.from(credential.publicKey).toString('base64url'),
        credential.counter,
        JSON.stringify(credential.transports ?? null),
      ],
    );
    if (!row) throw invalid({ response: ['This passkey is kept already.'] });
    await recordSecurityEvent(tx, { userId: person.id, by: person.id, action: 'passkey_added', detail: name });
    await forgetSessionUser(tx, person.id);
    return shown(row);
  });
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string) {
  const [row] = await db.query<PasskeyRow>('UPDATE passkeys SET name = $3 WHERE id = $1 AND user_id = $2 RETURNING id, name, created_at, last_used_at', [
    id,
    userId,
    name,
  ]);
  if (!row) throw notFound('Passkey');
  return shown(row);
}

export async function removePasskey(db: Db, userId: number, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.query<{ name: string }>('DELETE FROM passkeys WHERE id = $1 AND user_id = $2 RETURNING name', [id, userId]);
    if (!row) throw notFound('Passkey');
    await recordSecurityEvent(tx, { userId, by: userId, action: 'passkey_removed', detail: row.name });
    await forgetSessionUser(tx, userId);
  });
}

export async function signInOptions(rp: RelyingParty, session: { challenge?: PasskeyChallenge }) {
  // No allowed list: the authenticator offers the passkeys it holds for this site (discoverable).
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required', timeout: CHALLENGE_MS });
  session.challenge = { value: options.challenge, purpose: 'sign_in', at: Date.now() };
  return { ...options, allowCredentials: descriptors(options.allowCredentials) };
}

const NOT_SIGNED_IN = 'This passkey did not sign you in. It may have been removed: sign in with your password.';

/** Checks a passkey's answer to the session's challenge; answers whose it is (its counter and use kept). */
export async function passkeyUser(db: Db, rp: RelyingParty, session: { challenge?: PasskeyChallenge }, response: AuthenticationResponseJSON): Promise<number> {
  const expectedChallenge = takeChallenge(session, 'sign_in');
  const [key] = await db.query<{ id: number; user_id: number; name: string; public_key: string; counter: number; transports: string[] | null }>(
    'SELECT id, user_id, name, public_key, counter::float8 AS counter, transports FROM passkeys WHERE credential_id = $1',
    [response.id],
  );
  if (!key) throw invalid({ response: [NOT_SIGNED_IN] });
  const verification = await verifyAuthenticationResponse({
    response,
    expectedChallenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
    credential: {
      id: response.id,
      publicKey: Buffer.from(key.public_key, 'base64url'),
      counter: key.counter,
      ...(key.transports && { transports: key.transports }),
    },
  }).catch(() => ({ verified: false as const, authenticationInfo: undefined }));
  if (!verification.verified || !verification.authenticationInfo) throw invalid({ response: [NOT_SIGNED_IN] });
  await db.query('UPDATE passkeys SET counter = $2, last_used_at = now() WHERE id = $1', [key.id, verification.authenticationInfo.newCounter]);
  return key.user_id;
}
