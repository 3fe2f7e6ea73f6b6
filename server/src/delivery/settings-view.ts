import type { PinDirectory, PinPlace } from '../places';
import { IndianState, indianState } from '../shared/indian-states';
import type { DeliverySettings } from './delivery-settings';

/** The settings as both APIs show them: the dispatch PIN's place, the states unserved by name. */
export interface DeliverySettingsView extends Omit<DeliverySettings, 'unservedStates'> {
  dispatchPlace: PinPlace | null;
  unservedStates: IndianState[];
}

export function settingsView(settings: DeliverySettings, pins: PinDirectory): DeliverySettingsView {
  return {
    ...settings,
    dispatchPlace: pins.lookup(settings.dispatchPin),
    unservedStates: settings.unservedStates.flatMap((code) => indianState(code) ?? []),
  };
}
