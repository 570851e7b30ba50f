/** Store credit (decision 030): the ledger other modules move credit through, and the wallet's calls. */
export {
  type CreditMovement,
  moveCredit,
  NOT_ENOUGH_CREDIT,
  returnSpentCredit,
  spendCredit,
  type WalletEntryKind,
  walletBalance,
} from './ledger';
export { walletHandlers } from './wallet.routes';
export type { WalletDeps } from './wallet.service';
