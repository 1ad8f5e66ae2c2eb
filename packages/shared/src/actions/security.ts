/**
 * Trust at the door (docs/platform.md, Sessions and second factors): the signed-in browsers a
 * person can see and end, an authenticator app (TOTP) with one-time recovery codes, passkeys
 * (WebAuthn), the shop's requirement of a second factor, an administrator's reset of a person's
 * factors, and the security events. Every rule is the server's; these are the calls.
 */
import { z } from 'zod';
import { ID_PARAM, actionMap, defineAction } from './define.ts';

/** The sign-in steps (public): limited per address like the password's own call. */
const SIGN_IN_LIMIT = { max: 30, timeWindow: '1 minute' };

const timestamp = (description: string) => z.string().meta({ description });

export const signedInSession = z
  .object({
    id: z.string().meta({ description: "The session's public id (not its cookie): what ending it names." }),
    device: z.string().meta({ description: 'The browser and system, as its User-Agent names them ("Chrome on Windows").' }),
    ip: z.string().nullable().meta({ description: 'The address it was last used from.' }),
    created_at: timestamp('When it signed in.'),
    last_used_at: timestamp('When it was last used (to within a few minutes).'),
    current: z.boolean().meta({ description: 'The session of this call: "this browser".' }),
  })
  .meta({ id: 'signed_in_session', description: 'A browser signed in to this account.' });

export const listSessions = defineAction({
  name: 'sessions.list',
  summary: "The caller's signed-in browsers, the most recently used first.",
  method: 'GET',
  path: '/api/sessions',
  answer: z.object({ data: z.array(signedInSession) }),
  permission: 'signed_in',
});

export const endSession = defineAction({
  name: 'sessions.end',
  summary: "Signs one of the caller's other browsers out (its screen leaves at once).",
  method: 'DELETE',
  path: '/api/sessions/:id',
  params: z.object({ id: z.string().min(8).max(64) }),
  answer: z.null().meta({ description: 'No content (204).' }),
  status: 204,
  permission: 'signed_in',
  alsoRefuses: { 404: 'No such session of the caller (ended already).', 409: 'It is the current session: sign out instead.' },
});

export const endOtherSessions = defineAction({
  name: 'sessions.end_others',
  summary: 'Signs every other browser of the caller out; answers how many.',
  method: 'POST',
  path: '/api/sessions/end_others',
  answer: z.object({ ended: z.number().int() }),
  permission: 'signed_in',
});

export const passkeyRecord = z
  .object({
    id: z.number().int(),
    name: z.string(),
    created_at: timestamp('When it was added.'),
    last_used_at: timestamp('When it last signed in.').nullable(),
  })
  .meta({ id: 'passkey', description: 'A passkey of the caller.' });

export const SECOND_FACTOR_REQUIREMENTS = ['none', 'admins', 'everyone'] as const;
export type SecondFactorRequirement = (typeof SECOND_FACTOR_REQUIREMENTS)[number];

export const securityStatus = defineAction({
  name: 'security.status',
  summary: "The caller's factors: the authenticator app, recovery codes left, passkeys, and whether the shop requires one of them.",
  method: 'GET',
  path: '/api/security',
  answer: z.object({
    totp: z.boolean().meta({ description: 'An authenticator app is set up (confirmed).' }),
    recovery_codes_left: z.number().int(),
    passkeys: z.array(passkeyRecord),
    required: z.boolean().meta({ description: "The shop's requirement applies to the caller." }),
    must_enrol: z.boolean().meta({ description: 'Required and not yet set up: every other call is refused until it is.' }),
  }),
  permission: 'signed_in',
});

const code = z.string({ error: 'Enter the code.' }).trim().min(1, 'Enter the code.').max(40);

export const startTotp = defineAction({
  name: 'security.totp_start',
  summary: 'A new authenticator key (counted once a first code confirms it): the key and its otpauth:// address.',
  method: 'POST',
  path: '/api/security/totp',
  answer: z.object({ key: z.string(), uri: z.string() }),
  permission: 'signed_in',
  alsoRefuses: { 409: 'An authenticator is already set up: remove it first.' },
});

const recoveryCodes = z.array(z.string()).meta({ description: 'Ten one-time recovery codes, shown this once.' });

export const confirmTotp = defineAction({
  name: 'security.totp_confirm',
  summary: 'Confirms the new authenticator with its first code; answers ten recovery codes (shown once). The person is emailed.',
  method: 'POST',
  path: '/api/security/totp/confirm',
  body: z.object({ code }),
  answer: z.object({ recovery_codes: recoveryCodes }),
  permission: 'signed_in',
  alsoRefuses: { 409: 'No authenticator is being set up.' },
});

export const removeTotp = defineAction({
  name: 'security.totp_remove',
  summary: "Removes the caller's authenticator and recovery codes, given their password.",
  method: 'POST',
  path: '/api/security/totp/remove',
  body: z.object({ password: z.string({ error: 'Enter your password.' }).min(1, 'Enter your password.').max(200) }),
  answer: z.null().meta({ description: 'No content (204).' }),
  status: 204,
  permission: 'signed_in',
});

export const regenerateRecoveryCodes = defineAction({
  name: 'security.recovery_codes',
  summary: 'Ten new recovery codes (the old ones stop working), shown once.',
  method: 'POST',
  path: '/api/security/recovery_codes',
  answer: z.object({ recovery_codes: recoveryCodes }),
  permission: 'signed_in',
  alsoRefuses: { 409: 'No authenticator is set up.' },
});

export const signInStepStatus = defineAction({
  name: 'session.two_factor_status',
  summary: "Whether this browser's sign-in waits for its second step.",
  method: 'GET',
  path: '/login/two_factor',
  answer: z.object({ pending: z.boolean() }),
  permission: 'public',
});

export const signInSecondStep = defineAction({
  name: 'session.two_factor',
  summary:
    "The sign-in's second step: a code of the authenticator app (once per code) or a recovery code (once each). Wrong codes are throttled per account and per client (429 with Retry-After).",
  method: 'POST',
  path: '/login/two_factor',
  body: z.object({ code }),
  answer: z.null().meta({ description: 'No content (204): signed in.' }),
  status: 204,
  permission: 'public',
  rateLimit: SIGN_IN_LIMIT,
});

const transports = z.array(z.enum(['ble', 'cable', 'hybrid', 'internal', 'nfc', 'smart-card', 'usb']));
const credentialDescriptor = z.object({ id: z.string(), type: z.literal('public-key'), transports: transports.optional() });
const userVerification = z.enum(['discouraged', 'preferred', 'required']);
const extensions = z.object({ credProps: z.boolean().optional() }).optional();
const hints = z.array(z.enum(['hybrid', 'security-key', 'client-device'])).optional();

/** WebAuthn creation options (JSON form) as @simplewebauthn/browser hands them to navigator.credentials.create. */
const creationOptions = z
  .object({
    rp: z.object({ name: z.string(), id: z.string().optional() }),
    user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
    challenge: z.string(),
    pubKeyCredParams: z.array(z.object({ alg: z.number(), type: z.literal('public-key') })),
    timeout: z.number().optional(),
    excludeCredentials: z.array(credentialDescriptor).optional(),
    authenticatorSelection: z
      .object({
        authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
        requireResidentKey: z.boolean().optional(),
        residentKey: userVerification.optional(),
        userVerification: userVerification.optional(),
      })
      .optional(),
    attestation: z.enum(['direct', 'enterprise', 'indirect', 'none']).optional(),
    extensions,
    hints,
  })
  .meta({ id: 'passkey_creation_options', description: 'WebAuthn options (JSON form) for navigator.credentials.create.' });

/** WebAuthn request options (JSON form) as @simplewebauthn/browser hands them to navigator.credentials.get. */
const requestOptions = z
  .object({
    challenge: z.string(),
    timeout: z.number().optional(),
    rpId: z.string().optional(),
    allowCredentials: z.array(credentialDescriptor).optional(),
    userVerification: userVerification.optional(),
    extensions,
    hints,
  })
  .meta({ id: 'passkey_request_options', description: 'WebAuthn options (JSON form) for navigator.credentials.get.' });
/** A WebAuthn response as @simplewebauthn/browser answers it. */
const webauthnResponse = <R extends z.ZodType>(response: R) =>
  z
    .looseObject({ id: z.string(), rawId: z.string(), type: z.literal('public-key'), response, clientExtensionResults: z.looseObject({}) })
    .meta({ description: "The authenticator's answer (JSON form) as navigator.credentials gives it." });
const registrationResponse = webauthnResponse(z.looseObject({ clientDataJSON: z.string(), attestationObject: z.string() }));
const authenticationResponse = webauthnResponse(
  z.looseObject({ clientDataJSON: z.string(), authenticatorData: z.string(), signature: z.string(), userHandle: z.string().optional() }),
);

export const passkeyRegistrationOptions = defineAction({
  name: 'passkeys.options',
  summary: "Options to make a new passkey for the caller; the challenge is this session's, for one use within 5 minutes.",
  method: 'POST',
  path: '/api/passkeys/options',
  answer: creationOptions,
  permission: 'signed_in',
});

export const addPasskey = defineAction({
  name: 'passkeys.add',
  summary: "Keeps the passkey the authenticator made for the session's challenge, under a name. The person is emailed.",
  method: 'POST',
  path: '/api/passkeys',
  body: z.object({
    name: z.string({ error: 'Name the passkey.' }).trim().min(1, 'Name the passkey.').max(100),
    response: registrationResponse,
  }),
  answer: z.object({ data: passkeyRecord }),
  status: 201,
  permission: 'signed_in',
});

export const renamePasskey = defineAction({
  name: 'passkeys.rename',
  summary: "Renames one of the caller's passkeys.",
  method: 'PATCH',
  path: '/api/passkeys/:id',
  params: z.object({ id: ID_PARAM }),
  body: z.object({ name: z.string({ error: 'Name the passkey.' }).trim().min(1, 'Name the passkey.').max(100) }),
  answer: z.object({ data: passkeyRecord }),
  permission: 'signed_in',
});

export const removePasskey = defineAction({
  name: 'passkeys.remove',
  summary: "Removes one of the caller's passkeys: it signs in no more.",
  method: 'DELETE',
  path: '/api/passkeys/:id',
  params: z.object({ id: ID_PARAM }),
  answer: z.null().meta({ description: 'No content (204).' }),
  status: 204,
  permission: 'signed_in',
});

export const passkeySignInOptions = defineAction({
  name: 'session.passkey_options',
  summary: "Options to sign in with a passkey (no email typed); the challenge is the session's, once, within 5 minutes.",
  method: 'POST',
  path: '/login/passkey/options',
  answer: requestOptions,
  permission: 'public',
  rateLimit: SIGN_IN_LIMIT,
});

export const passkeySignIn = defineAction({
  name: 'session.passkey',
  summary: "Signs in with a passkey (both factors: something held, verified by the person) for the session's challenge.",
  method: 'POST',
  path: '/login/passkey',
  body: z.object({ response: authenticationResponse }),
  answer: z.null().meta({ description: 'No content (204): signed in.' }),
  status: 204,
  permission: 'public',
  rateLimit: SIGN_IN_LIMIT,
});

export const readRequirement = defineAction({
  name: 'security.requirement',
  summary: "The shop's requirement of a second factor or passkey: none, for administrators, or for everyone.",
  method: 'GET',
  path: '/api/security/requirement',
  answer: z.object({ require: z.enum(SECOND_FACTOR_REQUIREMENTS) }),
  permission: { action: 'view', area: 'settings' },
});

export const setRequirement = defineAction({
  name: 'security.set_requirement',
  summary: "Sets the shop's requirement: who then has no factor may only set one up.",
  method: 'PUT',
  path: '/api/security/requirement',
  body: z.object({ require: z.enum(SECOND_FACTOR_REQUIREMENTS, { error: 'Choose none, admins or everyone.' }) }),
  answer: z.object({ require: z.enum(SECOND_FACTOR_REQUIREMENTS) }),
  permission: { action: 'edit', area: 'settings' },
});

export const resetFactors = defineAction({
  name: 'users.reset_factors',
  summary: "Removes a person's authenticator, recovery codes and passkeys, and signs them out everywhere (audited, emailed).",
  method: 'POST',
  path: '/api/users/:id/reset_factors',
  params: z.object({ id: ID_PARAM }),
  answer: z.null().meta({ description: 'No content (204).' }),
  status: 204,
  permission: { action: 'edit', area: 'users' },
});

export const securityEvent = z
  .object({
    id: z.number().int(),
    at: timestamp('When.'),
    action: z.string().meta({ description: 'What happened: signed_in, passkey_added, totp_enabled, factors_reset, …' }),
    user_id: z.number().int().nullable().meta({ description: 'Whose account.' }),
    user_name: z.string().nullable(),
    by_name: z.string().nullable().meta({ description: 'Who did it (the person, or an administrator).' }),
    detail: z.string().nullable(),
  })
  .meta({ id: 'security_event' });

export const listSecurityEvents = defineAction({
  name: 'security.events',
  summary: 'The security events of every account (or of one), newest first, at most 200.',
  method: 'GET',
  path: '/api/security/events',
  query: z.object({ user_id: z.coerce.number().int().positive().optional() }),
  answer: z.object({ data: z.array(securityEvent) }),
  permission: { action: 'edit', area: 'users' },
});

export const SECURITY_ACTIONS = actionMap({
  'sessions.list': listSessions,
  'sessions.end': endSession,
  'sessions.end_others': endOtherSessions,
  'security.status': securityStatus,
  'security.totp_start': startTotp,
  'security.totp_confirm': confirmTotp,
  'security.totp_remove': removeTotp,
  'security.recovery_codes': regenerateRecoveryCodes,
  'session.two_factor_status': signInStepStatus,
  'session.two_factor': signInSecondStep,
  'passkeys.options': passkeyRegistrationOptions,
  'passkeys.add': addPasskey,
  'passkeys.rename': renamePasskey,
  'passkeys.remove': removePasskey,
  'session.passkey_options': passkeySignInOptions,
  'session.passkey': passkeySignIn,
  'security.requirement': readRequirement,
  'security.set_requirement': setRequirement,
  'users.reset_factors': resetFactors,
  'security.events': listSecurityEvents,
});
