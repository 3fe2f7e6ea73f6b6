// What other modules may use of places (the boundary lint holds them to this file).
export { PlacesModule } from './places.module';
export { PinDirectory } from './pin-directory';
export type { PinPlace } from './pin-directory';
export { IndianStateType, PinPlaceType } from './places.types';
export { knownPin, knownPinOrPrefix, pinIsAmong } from './known-pins';
