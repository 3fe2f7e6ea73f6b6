/** The price filter's options, in rupees, both bounds included (docs/decisions/006-price-bands.md). */
export const PRICE_BANDS = [
  { label: 'All Prices', min: 0, max: 200000 },
  { label: 'Rs. 0 to 1000', min: 0, max: 1000 },
  { label: 'Rs. 1001 to 3000', min: 1001, max: 3000 },
  { label: 'Rs. 3001 to 7000', min: 3001, max: 7000 },
  { label: 'Rs. 7001 to 15,000', min: 7001, max: 15000 },
  { label: 'Rs. 15001 to 20,000', min: 15001, max: 20000 },
  { label: 'Rs. 20001 to 50,000', min: 20001, max: 50000 },
  { label: 'Above Rs. 50,000', min: 50001, max: 200000 },
] as const;
