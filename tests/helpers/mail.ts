/**
 * Receiving the store's e-mails in tests: a real SMTP server (`smtp-server`) on 127.0.0.1,
 * messages parsed with `mailparser`. `mailbox()` is the calling test file's server, started on
 * first use; `testMailer()` sends to it with nodemailer exactly as production does. A server can
 * be stopped and started again on the same port, to test delivery while the mail server is down.
 */
import type { AddressInfo } from 'node:net';
import { domainToASCII } from 'node:url';
import { SMTPServer } from 'smtp-server';
import { type ParsedMail, simpleParser } from 'mailparser';
import { type Mailer, smtpMailer } from '../../src/mail/transport';

export interface Received {
  /** Order of arrival, from 1. */
  seq: number;
  to: string[];
  subject: string;
  text: string;
  html: string;
  headers: ParsedMail['headers'];
  /** Files sent with it. */
  attachments: Array<{ filename: string; contentType: string; content: Buffer }>;
}

export interface Mailbox {
  url: string;
  messages: Received[];
  /**
   * Waits for a message to `to` that arrived after message number `after`.
   * @throws Error after `timeoutMs` (default 10 s)
   */
  next(to: string, after: number, timeoutMs?: number): Promise<Received>;
  /** Stops accepting connections (a mail server that is down). */
  stop(): Promise<void>;
  /** Starts again on the same port. */
  start(): Promise<void>;
  close(): Promise<void>;
}

/** A recipient as the store sent it: smtp-server shows a punycode domain in Unicode, this puts it back (`a@bücher.example` → `a@xn--bcher-kva.example`). */
function asSent(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? address : `${address.slice(0, at)}@${domainToASCII(address.slice(at + 1)) || address.slice(at + 1)}`;
}

/**
 * An SMTP server collecting messages; `port` 0 picks a free one.
 * @param options.greetingDelayMs wait this long before the 220 greeting of each connection (a slow mail server)
 */
export async function startMailbox(port = 0, options: { greetingDelayMs?: number } = {}): Promise<Mailbox> {
  const messages: Received[] = [];
  let server: SMTPServer;
  let bound = port;
  const make = () => new SMTPServer({
    authOptional: true, disabledCommands: ['STARTTLS'], logger: false, disableReverseLookup: true,
    onConnect(_session, callback) {
      setTimeout(() => callback(), options.greetingDelayMs ?? 0);
    },
    onData(stream, session, done) {
      simpleParser(stream).then((mail) => {
        messages.push({
          seq: messages.length + 1,
          to: session.envelope.rcptTo.map((r) => asSent(r.address).toLowerCase()),
          subject: mail.subject ?? '', text: mail.text ?? '', html: typeof mail.html === 'string' ? mail.html : '', headers: mail.headers,
          attachments: mail.attachments.map((a) => ({ filename: a.filename ?? '', contentType: a.contentType, content: a.content })),
        });
        done();
      }, done);
    },
  });
  const listen = () => new Promise<void>((resolve, reject) => {
    server = make();
    server.on('error', () => undefined);
    server.server.once('error', reject);
    server.listen(bound, '127.0.0.1', () => {
      bound = (server.server.address() as AddressInfo).port;
      // A test file's server must never keep its worker alive.
      server.server.unref();
      resolve();
    });
  });
  const stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  await listen();
  return {
    url: `smtp://127.0.0.1:${bound}`,
    messages,
    async next(to, after, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = messages.find((m) => m.seq > after && m.to.includes(to.toLowerCase()));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} after #${after} within ${timeoutMs} ms (received: ${messages.map((m) => `${m.seq} ${m.to} ${m.subject}`).join('; ')})`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    stop,
    start: listen,
    close: stop,
  };
}

let shared: Promise<Mailbox> | undefined;

/** The calling test file's mailbox (started on first use; it does not keep the worker alive). */
export function mailbox(): Promise<Mailbox> {
  return (shared ??= startMailbox());
}

/** A nodemailer SMTP mailer sending to the file's mailbox. */
export function testMailer(): Mailer {
  let mailer: Mailer | undefined;
  return async (message) => {
    mailer ??= smtpMailer((await mailbox()).url, '"Poissons & Pousses" <commandes@poissons-et-pousses.example>');
    await mailer(message);
  };
}

/** The one-time code in an approval-code message (its subject). @throws Error when there is none */
export function codeIn(message: { subject: string }): string {
  const code = /\b(\d{6})\b/.exec(message.subject)?.[1];
  if (!code) throw new Error(`no code in "${message.subject}"`);
  return code;
}
