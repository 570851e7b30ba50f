import { EmptyInputSchema } from '../auth';
import {
  BillingProfileResultSchema,
  UpdateBillingProfileInputSchema,
  UpdateBillingProfileResultSchema,
} from '../billing';
import type { ApiRouteDefinition } from '../routes';
import { VatReportInputSchema, VatReportSchema } from '../vat-report';
import { defineRoute } from './define-route';

/** The buyer's billing details, which the invoice names and the VAT rule reads (decision 037), and the admin's VAT report of a quarter (decision 048). */
export const billingRoutes = {
  'users/getBillingProfile': defineRoute({
    input: EmptyInputSchema,
    output: BillingProfileResultSchema,
    summary: 'The signed-in user’s billing profile (country, VAT id, address), or null before one is saved',
    tag: 'users',
    requiresAuth: true,
  }),
  'users/updateBillingProfile': defineRoute({
    input: UpdateBillingProfileInputSchema,
    output: UpdateBillingProfileResultSchema,
    summary:
      'Save the billing profile (replaces it): an ISO country, and a VAT id whose prefix is that country’s and whose format and check digits are valid',
    tag: 'users',
    requiresAuth: true,
  }),
  'admin/getVatReport': defineRoute({
    input: VatReportInputSchema,
    output: VatReportSchema,
    summary:
      'A calendar quarter’s invoices and credit notes summed by how their VAT is declared (One-Stop Shop, domestic, reverse charge, none), country and rate, with credit notes of earlier quarters’ invoices apart, and the same as CSV',
    tag: 'admin',
    requiresAuth: true,
    role: 'admin',
  }),
} satisfies Record<string, ApiRouteDefinition>;
