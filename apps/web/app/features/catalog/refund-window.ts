/** The heading of a deal's refund window (requirements §2 product page), shared by the page and its aside. */
export function refundWindowTitle(days: number): string {
  return days > 0 ? `${days}-day money-back guarantee` : 'No refunds on this deal';
}
