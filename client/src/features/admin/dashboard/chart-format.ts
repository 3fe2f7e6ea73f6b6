/** How the dashboard's charts write their axes; the tooltips use the shop's usual formats. */

const rupeesShort = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Rupees in thousands, lakhs and crores: 123456 -> ₹1.2L */
export const rupeesOnAxis = (amount: number): string => rupeesShort.format(amount);

const dayOfMonth = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** A day the server names in the shop's time zone, "2026-11-25" -> "25 Nov". */
export function dayOnAxis(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return dayOfMonth.format(Date.UTC(year, month - 1, date));
}

/** Long product names are cut on the axis; the tooltip shows them whole. */
const NAME_ON_AXIS = 24;

export const nameOnAxis = (name: string): string =>
  name.length > NAME_ON_AXIS ? `${name.slice(0, NAME_ON_AXIS - 1)}…` : name;
