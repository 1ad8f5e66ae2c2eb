/**
 * The secret a message carries (a password reset's token, an estimate's approval token) kept out of
 * its stored body: the body is written with a marker where the token goes, the token is
 * kept beside it sealed (AES-256-GCM) with a key derived from the session secret, which lives
 * outside the database (SESSION_SECRET, or DATA_DIR/session-secret), and the deliverer puts the
 * token in place of the marker only in the message it hands the mail server. So the Outbox, the
 * API and every backup of the database hold no working link; once the message is sent the sealed
 * token is dropped too.
 *
 *   const hidden = hiddenSecret(token);
 *   const url = appLink(mail, `/reset-password?token=${hidden.marker}`);
 *   …render the body with url…
 *   await enqueueMail(tx, { …body, secrets: [hidden] });
 */
import crypto from 'node:crypto';

/** A secret and the marker that stands for it in the stored body. */
export interface HiddenSecret {
  /** Letters, digits and hyphens (unchanged in an HTML attribute, a URL and the text part), unguessable, so no typed text can be one. */
  marker: string;
  value: string;
}

/** The words of the marker say what an admin reading the Outbox sees: the token is not kept here. */
export const hiddenSecret = (value: string): HiddenSecret => ({ marker: `hidden-in-the-outbox-${crypto.randomBytes(8).toString('hex')}`, value });

/** The key that seals a message's secrets, from the server's session secret (the same on every app server). */
export const mailSecretKey = (sessionSecret: string): Buffer =>
  Buffer.from(crypto.hkdfSync('sha256', sessionSecret, Buffer.alloc(0), 'glazier mail secrets', 32));

/** The value sealed: base64url of the nonce, the tag and the ciphertext. */
export function sealSecret(key: Buffer, value: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The value, or null when it was sealed with another key (the session secret changed since) or is damaged. */
export function openSecret(key: Buffer, sealed: string): string | null {
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = crypto.createDecipheriv('aes-256-gcm', key, bytes.subarray(0, 12));
    decipher.setAuthTag(bytes.subarray(12, 28));
    return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}

/** A message's secrets as stored (`mail_outbox.secrets`): each marker with its sealed value. */
export type SealedSecrets = Record<string, string>;

/** The body with every marker replaced by its secret; null when one cannot be opened. */
export function revealSecrets(key: Buffer | undefined, sealed: SealedSecrets, parts: { html: string; text: string }): { html: string; text: string } | null {
  let { html, text } = parts;
  for (const [marker, value] of Object.entries(sealed)) {
    const secret = key ? openSecret(key, value) : null;
    if (secret == null) return null;
    html = html.replaceAll(marker, secret);
    text = text.replaceAll(marker, secret);
  }
  return { html, text };
}
