/**
 * How many journey files run at a time, each worker on a shop of its own (global-setup.ts).
 * One for now: with two (two browsers and two shops on two cores), a journey once waited past
 * its 30 s for a notification that comes in 3 s when it runs alone. Raise it once that is
 * understood; everything else is ready for it.
 */
export const JOURNEYS_AT_ONCE = 1;
