import { defineHandlers } from '../../plugins/api';
import { getUserWalletForAdmin, getWallet, grantCredit, type WalletDeps } from './wallet.service';

/**
 * Store credit's calls (decision 030). The route table makes `wallet/getWallet` need a login (the
 * caller reads only their own wallet: the user id comes from the session, never the payload) and
 * the two admin calls need `role: 'admin'`.
 */
export function walletHandlers(deps: WalletDeps) {
  return defineHandlers({
    'wallet/getWallet': (input, { user }) => getWallet(deps.db, user.id, input.page),
    'admin/getUserWallet': (input) => getUserWalletForAdmin(deps.db, input),
    'admin/grantCredit': (input, { user }) => grantCredit(deps, user, input),
  });
}
