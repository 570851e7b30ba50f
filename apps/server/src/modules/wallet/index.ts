/** Store credit (decision 030): the ledger other modules move credit through. */
export { type CreditMovement, moveCredit, NOT_ENOUGH_CREDIT, type WalletEntryKind, walletBalance } from './ledger';
