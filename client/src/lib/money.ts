const inr = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });

/** Rupees with Indian digit grouping: 123456 -> ₹1,23,456.00 */
export function formatINR(amount: number): string {
  return inr.format(amount);
}
