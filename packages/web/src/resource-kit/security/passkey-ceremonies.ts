/**
 * The browser's side of passkeys (@simplewebauthn/browser, loaded when first used): making one
 * for the signed-in person, and signing in with one. The server gives the options and keeps the
 * challenge; the browser (or the phone it hands over to) asks the person and answers.
 */
import { addPasskey, passkeyRegistrationOptions, passkeySignIn, passkeySignInOptions } from '@glazier/shared/actions/security';
import { callAction } from '../http/actions.ts';
import { fetchCsrfCookie } from '../http/http.ts';

/** Makes a passkey on this device (or a phone, a security key) and keeps it under `name`. */
export async function createPasskey(name: string) {
  const { startRegistration } = await import('@simplewebauthn/browser');
  const optionsJSON = await callAction(passkeyRegistrationOptions);
  const made = await startRegistration({ optionsJSON });
  const response = { ...made, response: { ...made.response }, clientExtensionResults: { ...made.clientExtensionResults } };
  return callAction(addPasskey, { body: { name, response } });
}

/** Signs in with a passkey the person picks (discoverable: no email asked). */
export async function signInWithPasskey(): Promise<void> {
  const { startAuthentication } = await import('@simplewebauthn/browser');
  await fetchCsrfCookie();
  const optionsJSON = await callAction(passkeySignInOptions);
  const answered = await startAuthentication({ optionsJSON });
  const response = { ...answered, response: { ...answered.response }, clientExtensionResults: { ...answered.clientExtensionResults } };
  await callAction(passkeySignIn, { body: { response } });
}
