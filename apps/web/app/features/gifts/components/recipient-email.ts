/** What the gift forms take for an address before the server checks it (the contracts' e-mail rule). */
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
