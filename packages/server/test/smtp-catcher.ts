/**
 * A real SMTP server for the mail tests (smtp-server on a random port, no TLS, any login): keeps
 * each message it accepts, parsed by mailparser, and can be told to refuse the next messages with a
 * given reply (`451 …` for a temporary refusal, `550 …` for a permanent one).
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export interface SmtpCatcher {
  url: string;
  received: ParsedMail[];
  /** The next `count` messages get this reply instead of acceptance. */
  refuseNext(code: number, text: string, count?: number): void;
  /** Resolves when `n` messages in all have arrived (fails after `ms`). */
  waitFor(n: number, ms?: number): Promise<ParsedMail[]>;
  /** How many times a message with this Message-ID arrived. */
  count(messageId: string): number;
  close(): Promise<void>;
}

export async function startSmtpCatcher(): Promise<SmtpCatcher> {
  const received: ParsedMail[] = [];
  const refusals: { code: number; text: string }[] = [];
  const waiters: { n: number; resolve: () => void }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    allowInsecureAuth: true,
    onAuth: (auth, _session, callback) => callback(null, { user: auth.username }),
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const refusal = refusals.shift();
        if (refusal) {
          const err = Object.assign(new Error(refusal.text), { responseCode: refusal.code });
          callback(err);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail);
            for (const w of waiters.filter((w) => received.length >= w.n)) w.resolve();
            callback();
          })
          .catch((e: Error) => callback(e));
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://tester:secret@127.0.0.1:${port}`,
    received,
    refuseNext(code, text, count = 1) {
      for (let i = 0; i < count; i++) refusals.push({ code, text });
    },
    waitFor(n, ms = 15_000) {
      if (received.length >= n) return Promise.resolve(received);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${received.length} messages arrived, expected ${n}`)), ms);
        waiters.push({
          n,
          resolve: () => {
            clearTimeout(timer);
            resolve(received);
          },
        });
      });
    },
    count: (messageId) => received.filter((m) => m.messageId === messageId.replace(/^<|>$/g, '') || m.messageId === messageId).length,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
