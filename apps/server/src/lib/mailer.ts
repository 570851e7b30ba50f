import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The link the mail is about (reset, welcome), logged in development so it can be clicked. */
  link?: string;
};

export type Mailer = {
  /** Delivers one message; rejects when delivery fails. */
  send(message: MailMessage): Promise<void>;
  /**
   * Delivers without making the caller wait: a slow or failing SMTP server must neither fail a
   * request nor, through its timing, reveal that an account exists. Failures are logged.
   */
  sendInBackground(message: MailMessage): void;
  /** Waits for background deliveries; called when the server closes. */
  flush(): Promise<void>;
  close(): void;
};

export type MailerOptions = {
  /** `smtp://` or `smtps://` URL; unset writes `.eml` files instead (development). */
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: FastifyBaseLogger;
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
 * Mail through nodemailer (PRODUCT.md "Running it"): SMTP when `SMTP_URL` is set, otherwise each
 * message becomes `DATA_DIR/mail/<timestamp>-<slug>.eml` plus a log line with its link, so a
 * developer can open the reset link without a mail server.
 */
export function createMailer({ smtpUrl, from, dataDir, log }: MailerOptions): Mailer {
  const smtp = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  const files = smtp ? undefined : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const mailDir = join(dataDir, 'mail');
  const pending = new Set<Promise<void>>();

  async function send(message: MailMessage): Promise<void> {
    const mail = { from, to: message.to, subject: message.subject, text: message.text, html: message.html };
    if (smtp) {
      await smtp.sendMail(mail);
      log.info({ to: message.to, subject: message.subject }, 'mail sent');
      return;
    }
    const info = await files?.sendMail(mail);
    if (!info) return;
    await mkdir(mailDir, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = join(mailDir, `${stamp}-${slugify(message.subject)}-${randomBytes(3).toString('hex')}.eml`);
    await writeFile(file, info.message);
    log.info({ to: message.to, subject: message.subject, link: message.link, file }, 'mail written (no SMTP_URL)');
  }

  return {
    send,
    sendInBackground(message) {
      const delivery = send(message).catch((error: unknown) => {
        log.error({ err: error, to: message.to, subject: message.subject }, 'mail delivery failed');
      });
      pending.add(delivery);
      void delivery.finally(() => pending.delete(delivery));
    },
    async flush() {
      await Promise.all(pending);
    },
    close() {
      smtp?.close();
    },
  };
}
