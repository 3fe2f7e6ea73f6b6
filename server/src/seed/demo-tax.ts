import type { TaxSettings } from '../tax';
import type { DemoCategory } from './demo-catalog';

/**
 * The demo shop as a GST-registered seller in Jaipur, Rajasthan, so its orders carry tax and an
 * invoice can be downloaded from the first start. The GSTIN is of valid form and check
 * character but made up: no business holds it.
 */
export const DEMO_TAX: Partial<TaxSettings> = {
  registered: true,
  legalName: 'Bazaar Retail Private Limited',
  address: 'Plot 14, Sitapura Industrial Area\nTonk Road, Jaipur 302022',
  stateCode: '08',
  gstin: '08AABCB1234M1ZT',
  invoicePrefix: 'BZ',
};

/**
 * Each demo category's HSN code and tax class (see TAX_CLASS_DEFAULTS): a sample of the chapters
 * such goods fall under, for the demo, not advice on how to classify them.
 */
export const DEMO_PRODUCT_TAX: Record<DemoCategory, { hsn: string; taxClass: string }> = {
  Electronics: { hsn: '8518', taxClass: 'standard' },
  Mobiles: { hsn: '8517', taxClass: 'standard' },
  Fashion: { hsn: '6109', taxClass: 'apparel' },
  Books: { hsn: '4901', taxClass: 'nil' },
  'Home & Kitchen': { hsn: '7323', taxClass: 'reduced' },
  'Sports & Fitness': { hsn: '9506', taxClass: 'reduced' },
  'Beauty & Personal Care': { hsn: '3304', taxClass: 'reduced' },
};
