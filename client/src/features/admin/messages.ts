/** What the admin's pages say, written once for the pages and their tests. */

/** `one` for a count of 1, `many` for any other. */
const counted = (count: number, one: string, many: string) => (count === 1 ? one : many);

export const DASHBOARD = {
  title: 'Admin dashboard',
  heading: 'Admin Panel',
  signedInAs: (name: string) => `Signed in as ${name}`,
  failure: "The shop's figures could not be loaded.",
  sales: 'Sales',
  waiting: 'Orders waiting',
  stock: 'Stock',
  overDays: (days: number) => `The last ${days} days`,
  chartsPeriod: 'Period of the charts',
  revenuePerDay: 'Revenue per day',
  topProducts: 'Top products by revenue',
  loadingCharts: 'Loading the charts....',
  ordersCount: (orders: number) => `${orders} paid ${counted(orders, 'order', 'orders')}`,
  discountsGiven: (rupees: string) => `${rupees} off in coupons and offers`,
  previousPeriod: (days: number) =>
    days === 1 ? 'vs the day before' : `vs the ${days} days before`,
  noChange: 'no sales in the period before',
  orders: (count: number) => counted(count, 'order', 'orders'),
  outOfStock: 'Out of stock',
  lowStock: (threshold: number) => `Low in stock (${threshold} or fewer left)`,
  products: (count: number) => counted(count, 'product', 'products'),
  noSales: (days: number) =>
    `No paid orders in the last ${days} days yet. Revenue per day and the best sellers show here once shoppers pay for orders.`,
};

export const ORDERS = {
  failure: 'Orders could not be loaded.',
  none: 'No orders yet.',
  noneMatch: 'No orders match these filters.',
  exportCsv: 'Export CSV',
  exportFailure: 'The orders could not be exported.',
  statusOf: (number: string) => `Status of order ${number}`,
  statusSet: (number: string, status: string) => `Order ${number} set to ${status}`,
  numberSearch: 'Order number',
  ship: (number: string) => `Ship order ${number}`,
  editTracking: (number: string) => `Tracking of order ${number}`,
  /** A tracking button's name: the words it shows, then the order ("Edit tracking of order BZ-000123"). */
  trackingOf: (action: string, number: string) => `${action} of order ${number}`,
  addTracking: 'Add tracking',
  changeTracking: 'Edit tracking',
  markShipped: 'Mark shipped',
  saveTracking: 'Save tracking',
  shipped: (number: string) => `Order ${number} marked shipped`,
  trackingSaved: (number: string) => `Tracking of order ${number} saved`,
  courier: 'Courier',
  trackingNumber: 'Tracking number (AWB)',
  trackingHint: '6 to 30 letters and digits, as printed on the parcel',
  deliverTo: 'Deliver to',
  /** Beside an order placed with a text address: its text is shown as the buyer gave it. */
  asGiven: 'Address as given at checkout (no PIN on record)',
  packingSlip: 'Packing slip',
  packingSlipOf: (order: string) => `Packing slip of order ${order}`,
  slipFailure: 'This order could not be loaded.',
  print: 'Print',
  backToOrders: 'Back to orders',
};

export const COURIERS = {
  title: 'Couriers',
  hint: 'The couriers the shop ships with, and each one’s tracking page: put {awb} where the tracking number goes.',
  failure: 'The couriers could not be loaded.',
  name: (at: number) => `Name of courier ${at + 1}`,
  trackingUrl: (at: number) => `Tracking page of courier ${at + 1}`,
  remove: (at: number) => `Remove courier ${at + 1}`,
  add: 'Add a courier',
  save: 'Save couriers',
  saved: 'Couriers saved',
};

export const PRODUCTS = {
  failure: 'Products could not be loaded.',
  none: 'No products match.',
  lowStock: (left: number, ofOneVariant = false) =>
    `Low stock (${left} left${ofOneVariant ? ' of one variant' : ''})`,
  /** Units in stock, of all the variants together. */
  inStock: (units: number) => `${units.toLocaleString('en-IN')} in stock`,
  exportCsv: 'Export CSV',
  exportFailure: 'The catalogue could not be exported.',
  importCsv: 'Import CSV',
  sampleCsv: 'Download sample CSV',
  sampleFailure: 'The sample file could not be downloaded.',
  importHint:
    'Columns: slug, name, description, price (rupees), category (slug or name), quantity, shipping (yes/no). A new slug, or none, creates a product; a known slug updates it. Photos stay per product.',
  previewFailure: 'The file could not be read.',
  previewOf: (file: string) => `Import preview: ${file}`,
  summary: (creates: number, updates: number, unchanged: number) =>
    `${creates} to create, ${updates} to update, ${unchanged} unchanged`,
  problems: (count: number) =>
    `${count} ${counted(count, 'problem', 'problems')}: nothing will be written. Fix the file and choose it again.`,
  apply: 'Apply',
  cancel: 'Cancel',
  applied: (created: number, updated: number, unchanged: number) =>
    `Import done: ${created} created, ${updated} updated, ${unchanged} unchanged`,
  refused: 'Nothing was imported: the file has problems.',
  importFailure: 'The import failed; nothing was written.',
  lastImport: (file: string, started: string) => `Last import: ${file || 'a CSV file'}, ${started}`,
  jobState: {
    WRITING: 'Running: its products are being written, and show once all are.',
    APPLYING: 'Finishing: its products are being shown.',
    UNDOING: 'Being undone.',
    DONE: 'Done.',
    UNDONE: 'Undone: nothing was imported.',
  } as const,
  jobCounts: (created: number, updated: number, unchanged: number) =>
    `${created} created, ${updated} updated, ${unchanged} unchanged`,
  recovered: 'The shop stopped during this import and, at its next start, ended it this way.',
};
