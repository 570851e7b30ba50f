import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { mailHeaders } from './mail';

/**
 * What the test mail server does with a delivery: `accept` it; `refuse` every connection with
 * 421 (the server is down for maintenance, an outage); `hold` it: take the whole message and
 * never answer, so the sender stays mid-send (a process killed there never learns the outcome).
 */
export type SmtpMode = 'accept' | 'refuse' | 'hold';

export type AcceptedMail = { to: string[]; subject: string; raw: string };

export type TestSmtp = {
  url: string;
  mode: SmtpMode;
  /** The mails answered with 250, in order. */
  accepted: AcceptedMail[];
  /** Messages taken in full and never answered (`hold`). */
  held: number;
  /** How many accepted mails went to `to` with a subject matching `subject`. */
  count(to: string, subject?: RegExp): number;
  close(): Promise<void>;
};

/** A real SMTP server on loopback (the `smtp-server` package), whose answer a test switches. */
export async function startTestSmtp(mode: SmtpMode = 'accept'): Promise<TestSmtp> {
  const state: TestSmtp = {
    url: '',
    mode,
    accepted: [],
    held: 0,
    count: (to, subject) =>
      state.accepted.filter((mail) => mail.to.includes(to) && (!subject || subject.test(mail.subject))).length,
    close: () => new Promise<void>((done) => server.close(() => done())),
  };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    // A held conversation must not keep `close()` waiting.
    closeTimeout: 100,
    onConnect(_session, callback) {
      if (state.mode === 'refuse') {
        callback(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
      } else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if (state.mode === 'hold') {
          state.held += 1;
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        state.accepted.push({
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          subject: mailHeaders(raw).get('subject') ?? '',
          raw,
        });
        callback();
      });
    },
  });
  // A sender that vanishes mid-conversation resets the socket: expected here, not a failure.
  server.on('error', () => {});
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  state.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  return state;
}
