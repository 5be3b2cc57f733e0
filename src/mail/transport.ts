/**
 * Sending e-mail over SMTP with nodemailer. The server is `SMTP_URL` (e.g.
 * `smtp://user:pass@smtp.example:587`; `npm start` points it at its local maildev), the sender
 * `MAIL_FROM` or content/store.yaml `mail.from`. Messages are sent from the outbox
 * (src/outbox/deliver.ts), which retries a failed send: this module only sends or throws.
 */
import type { Transporter } from 'nodemailer';

/** A rendered e-mail: plain text and HTML parts of the same content. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Language of the content (BCP 47), sent as `Content-Language`. */
  language: string;
  /** Files sent with it (an invoice's or credit note's PDF). */
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** Sends one message; throws when the server did not accept it. */
export type Mailer = (message: MailMessage) => Promise<void>;

/**
 * A mailer over SMTP.
 * @param smtpUrl nodemailer connection URL (`smtp://`, `smtps://`)
 * @param from sender address, optionally with a display name (`"Store" <shop@example>`)
 * @returns the mailer; nodemailer is imported on the first send
 * @throws (on send) Error when the server is unreachable or refuses the message
 */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | undefined;
  const open = () => (transport ??= import('nodemailer').then((nodemailer) => nodemailer.createTransport({
    url: smtpUrl,
    // A down server must fail the attempt quickly: the outbox retries it.
    connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000,
  } as Parameters<typeof nodemailer.createTransport>[0])));
  return async (message) => {
    await (await open()).sendMail({
      from, to: message.to, subject: message.subject, text: message.text, html: message.html, attachments: message.attachments,
      headers: { 'Content-Language': message.language, 'Auto-Submitted': 'auto-generated' },
    });
  };
}

/**
 * The mailer the environment configures.
 * @param store content/store.yaml `name` and `mail.from` (the default sender)
 * @param env `SMTP_URL` (required to send), `MAIL_FROM` (overrides the sender)
 * @returns a mailer; without `SMTP_URL` every send throws, so messages wait in the outbox
 *          until the server is configured
 */
export function mailerFromEnv(store: { name: string; mail: { from: string } }, env: Record<string, string | undefined> = process.env): Mailer {
  const from = env.MAIL_FROM || `"${store.name.replace(/["\\]/g, '')}" <${store.mail.from}>`;
  if (!env.SMTP_URL) return async () => {
    throw new Error('SMTP_URL is not set: the message stays in the outbox');
  };
  return smtpMailer(env.SMTP_URL, from);
}
