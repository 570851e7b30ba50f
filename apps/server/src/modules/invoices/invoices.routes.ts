/**
 * `GET /invoices/{orderId}.pdf` (`?adjustment={id}`: the invoice of an upgrade or a renewal of the
 * order) and `GET /credit-notes/{id}.pdf` (decision 038): PDFs, so they
 * live beside the JSON API rather than in its table, and authenticate as it does (the bearer
 * token). Anonymous: 401; signed in but neither the owner nor an admin, or no such document: 404.
 * Each draws a PDF, so they are rate-limited per user.
 */
import { AppError } from '@everdeal/contracts';
import type { UserRow } from '@everdeal/db';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Authenticator, requireSession } from '../../plugins/auth';
import type { RateLimits } from '../../plugins/rate-limit';
import { type DocumentRef, documentPdf, findReadableDocument, type InvoicesDeps } from './invoices.service';

export type InvoiceRoutesDeps = InvoicesDeps & {
  authenticate: Authenticator;
  hasRole: (user: UserRow, role: 'admin') => Promise<boolean>;
  limits: RateLimits;
};

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const PDF_NAME = new RegExp(`^(${UUID})\\.pdf$`);
const ID = new RegExp(`^${UUID}$`);

async function sendDocument(
  deps: InvoiceRoutesDeps,
  request: FastifyRequest,
  reply: FastifyReply,
  toRef: (id: string) => DocumentRef | null,
  file: string,
) {
  const { user } = await requireSession(deps.authenticate, request);
  await deps.limits.consume([['invoicePdfPerUser', user.id]]);
  const id = PDF_NAME.exec(file)?.[1];
  const ref = id ? toRef(id) : null;
  const row = ref
    ? await findReadableDocument(deps.db, ref, { user, isAdmin: await deps.hasRole(user, 'admin') })
    : null;
  if (!row) throw AppError.notFound();
  const pdf = await documentPdf(row);
  return reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${row.number}.pdf"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);
}

export function registerInvoiceDownloads(app: FastifyInstance, deps: InvoiceRoutesDeps): void {
  app.get<{ Params: { file: string }; Querystring: { adjustment?: string } }>('/invoices/:file', (request, reply) => {
    // `?adjustment={id}`: the invoice of one of the order's upgrades or renewals, else its checkout's.
    const adjustment = request.query.adjustment;
    const toRef = (orderId: string): DocumentRef | null =>
      adjustment === undefined
        ? { kind: 'invoice', orderId, adjustmentId: null }
        : ID.test(adjustment)
          ? { kind: 'invoice', orderId, adjustmentId: adjustment }
          : null;
    return sendDocument(deps, request, reply, toRef, request.params.file);
  });
  app.get<{ Params: { file: string } }>('/credit-notes/:file', (request, reply) =>
    sendDocument(deps, request, reply, (id) => ({ kind: 'credit_note', id }), request.params.file),
  );
}
