import { randomBytes } from 'node:crypto';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import MailComposer from 'nodemailer/lib/mail-composer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about (reset, sign-in, welcome), logged in development only so it can be clicked. */
  link?: string;
  /** Where answers go, e.g. the sender of a contact message (nodemailer encodes the name safely). */
  replyTo?: { name: string; address: string };
  /** Extra headers, e.g. RFC 8058 List-Unsubscribe and List-Unsubscribe-Post. */
  headers?: Record<string, string>;
};

export type Mailer = {
  /** Delivers one message; rejects when delivery fails (the mail outbox retries it, decision 029). */
  send(message: MailMessage): Promise<void>;
  close(): void;
};

export type MailerOptions = {
  /** `smtp://` or `smtps://` URL; unset writes `.eml` files instead (development). */
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
  /**
   * Log the link of each mail written to a file: development only. Reset and sign-in links are
   * credentials; in production they live in the mail (or its `.eml` file), never in the log.
   */
  logLinks?: boolean;
};

function slugify(text: string): string {
  return (
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 40) || 'mail'
  );
}

/**
 * SMTP connections are pooled and reused (a receipt goes out with every order; a connection per
 * mail cost twice the CPU, docs/benchmarks.md), unless the URL itself says `pool=false`.
 */
function pooled(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  if (!url.searchParams.has('pool')) url.searchParams.set('pool', 'true');
  return url.toString();
}

/**
 * Mail through nodemailer (requirements §16): SMTP when `SMTP_URL` is set, otherwise each
 * message becomes `DATA_DIR/mail/<timestamp>-<sequence>-<slug>.eml` plus a log line naming the file (and, in
 * development, the link, so a developer can open a reset link without a mail server). Log lines
 * never carry the recipient's address (decision 008).
 */
export function createMailer({ smtpUrl, from, dataDir, log, logLinks = false }: MailerOptions): Mailer {
  const smtp = smtpUrl ? nodemailer.createTransport(pooled(smtpUrl)) : undefined;
  const files = smtp ? undefined : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mailDir = join(dataDir, 'mail');
  let mailDirReady: Promise<unknown> | undefined;
  // Files sort in the order mails were sent (tests and developers read them oldest first): the
  // name is fixed when `send` is called, since sends finish out of order, and a sequence number
  // orders mails of the same millisecond, which their random suffix would not.
  let sequence = 0;

  async function send(message: MailMessage): Promise<void> {
    sequence += 1;
    const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(6, '0')}`;
    const mail = {
      from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
      ...(message.replyTo ? { replyTo: message.replyTo } : {}),
      ...(message.headers ? { headers: message.headers } : {}),
    };
    if (smtp) {
      // Composed into one buffer before it goes out: streamed to the socket as nodemailer
      // composes it, a receipt took about ten small writes, half the system calls of a
      // checkout (docs/benchmarks.md, checkout).
      const raw = await new MailComposer(mail).compile().build();
      await smtp.sendMail({ envelope: { from, to: message.to }, raw });
      log.info({ subject: message.subject }, 'mail sent');
      return;
    }
    const info = await files?.sendMail(mail);
    if (!info) return;
    const file = join(mailDir, `${name}-${slugify(message.subject)}-${randomBytes(3).toString('hex')}.eml`);
    // The folder is made once per mailer (a receipt per order made it a system call per
    // checkout), and again if someone removed it meanwhile.
    mailDirReady ??= mkdir(mailDir, { recursive: true });
    await mailDirReady;
    // Written whole under another name, then renamed: whoever reads the folder (the tests, a
    // developer's mail viewer) sees a mail complete or not at all, never its headers alone.
    const part = `${file}.part`;
    await writeFile(part, info.message).catch(async (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
      mailDirReady = mkdir(mailDir, { recursive: true });
      await mailDirReady;
      await writeFile(part, info.message);
    });
    await rename(part, file);
    log.info(
      { subject: message.subject, file, ...(logLinks && message.link ? { link: message.link } : {}) },
      'mail written (no SMTP_URL)',
    );
  }

  return {
    send,
    close() {
      smtp?.close();
    },
  };
}
