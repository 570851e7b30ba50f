import { defineHandlers } from '../../plugins/api';
import { announceSunset, shutDownProduct } from './promise.service';
import type { PromiseDeps } from './promise-deps';

/**
 * The lifetime promise's calls (decision 031). The route table gives `seller/announceSunset` the
 * `seller` role and the service checks membership of the product's seller (404 otherwise, as
 * every seller call); `admin/shutDownProduct` needs the `admin` role.
 */
export function promiseHandlers(deps: PromiseDeps) {
  return defineHandlers({
    'seller/announceSunset': (input, { user }) => announceSunset(deps, user, input),
    'admin/shutDownProduct': (input, { user }) => shutDownProduct(deps, user, input),
  });
}
