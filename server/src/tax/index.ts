// What other modules may use of tax (the boundary lint holds them to this file).
export { TaxModule } from './tax.module';
export { TaxSettingsService } from './tax-settings.service';
export { lineTaxInRupees, OrderTaxes, orderTaxInRupees } from './order-taxes';
export type { LineTax, LineToTax, OrderTax } from './order-taxes';
export {
  missingTaxSettings,
  shopStateOf,
  stateOfCode,
  TAX_DEFAULTS,
  TAX_SECTION,
} from './tax-settings';
export type { TaxSettings } from './tax-settings';
export { TAX_CLASS_DEFAULTS, TAX_CLASSES_SECTION } from './tax-classes';
export type { TaxClass, TaxClasses } from './tax-classes';
export { splitTax, sumOfSplits, taxIn } from './tax-split';
export type { Supply, TaxSplit } from './tax-split';
export { LineTaxType, OrderTaxType } from './tax.types';
