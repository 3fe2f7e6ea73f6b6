/**
 * Journey files run two at a time, each worker on a shop of its own (global-setup.ts): much of
 * a journey is waiting (for the shop, an animation, a debounce), which the other worker's
 * journey fills.
 */
export const JOURNEYS_AT_ONCE = 2;
