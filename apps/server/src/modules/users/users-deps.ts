import type { Db } from '@everdeal/db';
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundTasks } from '../../lib/background-tasks';
import type { CatalogChanged } from '../../lib/cache-tags';
import type { MailBrand } from '../../lib/mail-layout';
import type { Outbox } from '../mail';
import type { GoogleSignIn } from './google';
import type { PasswordHasher } from './passwords';

/** What the account services need, built once in app.ts. */
export type UsersDeps = {
  db: Db;
  /** A name shown beside what a person wrote changed: the pages showing it go (decision 044). */
  catalogChanged: CatalogChanged;
  now: () => Date;
  passwords: PasswordHasher;
  /** Every account mail is queued with the change that causes it (decision 029). */
  outbox: Outbox;
  brand: MailBrand;
  /** Google sign-in: the client id tokens must be issued to and the endpoints asked (decision 018). */
  google: GoogleSignIn;
  log: FastifyBaseLogger;
  /** Work done after the answer (reset and sign-in link mails), so its timing reveals nothing. */
  tasks: BackgroundTasks;
};
