-- Decision 048: the VAT report reads a quarter's documents in issue order.
CREATE INDEX "invoices_issued_at_idx" ON "invoices" USING btree ("issued_at","id");
