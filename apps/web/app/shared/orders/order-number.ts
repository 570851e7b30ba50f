/** The short number the receipt mail quotes ("order 1A2B3C4D"): the id's first 8 characters. */
export function orderNumber(orderId: string): string {
  return orderId.slice(0, 8).toUpperCase();
}
