import { defineHandlers } from '../../plugins/api';
import { getVatReport, type VatReportDeps } from './vat-report';

/** `admin/getVatReport` (decision 048); the route table gives it the `admin` role. */
export function vatReportHandlers(deps: VatReportDeps) {
  return defineHandlers({
    'admin/getVatReport': (input) => getVatReport(deps, input),
  });
}
