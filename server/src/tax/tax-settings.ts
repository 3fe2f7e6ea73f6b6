import { refuseField, switchOf } from '../common/setting-values';
import { gstinProblem, normalGstin } from '../shared/gstin';
import { indianState } from '../shared/indian-states';
import type { IndianState } from '../shared/indian-states';
import { holdsControlCharacters } from '../shared/rules';
import { TAX_RULES, TAX_SETTINGS_NEEDED } from '../shared/tax-rules';
import { rateIn } from './tax-classes';
import type { TaxClasses } from './tax-classes';

/** The name of the tax section in the shop's settings (SettingsStore). */
export const TAX_SECTION = 'tax';

/** The shop as a GST-registered supplier: what its invoices say of it. */
export interface TaxSettings {
  /** Whether the shop is registered under GST; an unregistered shop charges no tax and issues no invoice. */
  registered: boolean;
  /** The name on the registration, printed on invoices as the supplier. */
  legalName: string;
  /** The principal place of business, as printed, lines apart by line breaks. */
  address: string;
  /** GST state code of the shop's place of business: '' while not set. */
  stateCode: string;
  /** '' while not set. */
  gstin: string;
  /** Begins every invoice number: BZ/2627/00017 (credit notes: BZ/C2627/00003). */
  invoicePrefix: string;
  /** The class of products that name none. */
  defaultTaxClass: string;
  /** Percent on shipping; null: the rate of the order's main goods (the line worth most). */
  shippingRate: number | null;
}

/** A new shop: not registered, so nothing is taxed until the owner fills this in. */
export const TAX_DEFAULTS: TaxSettings = {
  registered: false,
  legalName: '',
  address: '',
  stateCode: '',
  gstin: '',
  invoicePrefix: 'INV',
  defaultTaxClass: 'standard',
  shippingRate: null,
};

export type TaxSettingsChange = Partial<TaxSettings>;

function textIn(
  field: keyof TaxSettings,
  value: unknown,
  rule: { maxLength: number; message: string },
) {
  if (typeof value !== 'string') throw refuseField(field, `${field} must be a text`);
  const text = value.trim();
  const lines = text.split('\n').map((line) => line.trim());
  if (text.length > rule.maxLength || lines.some((line) => holdsControlCharacters(line))) {
    throw refuseField(field, rule.message);
  }
  return lines.filter(Boolean).join('\n');
}

/**
 * The settings after `change`, every field it gives checked (a refusal names the field, and
 * nothing is kept): a GSTIN of valid form and check character whose state is the shop's, a
 * default class that exists, a shipping rate within the rates.
 */
export function changedTaxSettings(
  current: TaxSettings,
  change: TaxSettingsChange,
  classes: TaxClasses,
): TaxSettings {
  const next = { ...current };
  const given = (key: keyof TaxSettings) => change[key] !== undefined;
  if (given('registered')) next.registered = switchOf('registered', change.registered);
  if (given('legalName'))
    next.legalName = textIn('legalName', change.legalName, TAX_RULES.legalName);
  if (given('address')) next.address = textIn('address', change.address, TAX_RULES.address);
  if (given('stateCode')) {
    const code = typeof change.stateCode === 'string' ? change.stateCode.trim() : null;
    if (code === null || (code !== '' && !stateOfCode(code))) {
      throw refuseField('stateCode', TAX_RULES.state);
    }
    next.stateCode = code;
  }
  if (given('gstin')) {
    if (typeof change.gstin !== 'string') throw refuseField('gstin', 'gstin must be a text');
    const gstin = normalGstin(change.gstin);
    const problem = gstin === '' ? null : gstinProblem(gstin);
    if (problem) throw refuseField('gstin', problem);
    next.gstin = gstin;
  }
  if (given('invoicePrefix')) {
    const prefix = typeof change.invoicePrefix === 'string' ? change.invoicePrefix.trim() : '';
    if (!TAX_RULES.invoicePrefix.pattern.test(prefix)) {
      throw refuseField('invoicePrefix', TAX_RULES.invoicePrefix.message);
    }
    next.invoicePrefix = prefix;
  }
  if (given('defaultTaxClass')) next.defaultTaxClass = String(change.defaultTaxClass).trim();
  if (!classes.classes.some((one) => one.code === next.defaultTaxClass)) {
    throw refuseField('defaultTaxClass', TAX_RULES.defaultClass);
  }
  if (given('shippingRate')) {
    const rate = change.shippingRate;
    next.shippingRate = rate === null ? null : rateIn('shippingRate', rate);
  }
  if (next.gstin && next.stateCode && next.gstin.slice(0, 2) !== next.stateCode) {
    throw refuseField('gstin', TAX_RULES.gstinState);
  }
  return next;
}

/**
 * What a registered shop has not filled in yet, by label (`TAX_SETTINGS_NEEDED`): invoices wait
 * until nothing is missing, and the dashboard says what is. Nothing for an unregistered shop.
 */
export function missingTaxSettings(settings: TaxSettings): string[] {
  if (!settings.registered) return [];
  return (Object.keys(TAX_SETTINGS_NEEDED) as (keyof typeof TAX_SETTINGS_NEEDED)[])
    .filter((field) => settings[field].trim() === '')
    .map((field) => TAX_SETTINGS_NEEDED[field]);
}

/** The shop's state, once set. */
export const shopStateOf = (settings: TaxSettings): IndianState | null =>
  settings.stateCode ? (stateOfCode(settings.stateCode) ?? null) : null;

/** The state or territory of a GST state code ('08'), not of a name. */
export function stateOfCode(code: string): IndianState | undefined {
  const state = indianState(code);
  return state?.code === code ? state : undefined;
}

/** The settings as both APIs answer them: with what is still missing. */
export const taxSettingsView = (settings: TaxSettings) => ({
  ...settings,
  missing: missingTaxSettings(settings),
});
