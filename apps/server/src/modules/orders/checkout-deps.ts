/**
 * What checkout and every later change of an order (refunds, plan changes, renewals, the
 * reconciliation job) are given by app.ts (docs/architecture.md "Server modules": `-deps` files).
 */
import type { Db } from '@everdeal/db';
import type { FastifyBaseLogger } from 'fastify';
import type { CatalogChanged } from '../../lib/cache-tags';
import type { MailBrand } from '../../lib/mail-layout';
import type { Mailer } from '../../lib/mailer';
import type { InvoiceSeller } from '../invoices';
import type { Outbox } from '../mail';
import type { PaymentProvider } from '../payments';
import type { TaxConfig } from '../tax';

export type CheckoutDeps = {
  db: Db;
  now: () => Date;
  provider: PaymentProvider;
  mailer: Mailer;
  /** Mail caused by an order's changes is queued with them and delivered after commit (decision 029). */
  outbox: Outbox;
  brand: MailBrand;
  /** The store as the seller on invoices and credit notes (decision 038). */
  invoiceSeller: InvoiceSeller;
  log: FastifyBaseLogger;
  /** Code pools changed: the catalogue's "codes left" and "sold out" must not be served stale. */
  catalogChanged: CatalogChanged;
  /** VAT on digital services: the store's country and the rule set (decision 037). */
  tax: TaxConfig;
};
