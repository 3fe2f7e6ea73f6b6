/**
 * How many journey files run at a time, each worker on a shop of its own (global-setup.ts): two,
 * a core each. With two, a journey once waited past its 30 s for a notification that comes in 3 s
 * when it runs alone; a run of all of them at two at once on a machine at load 12 to 18 passed,
 * and a journey that fails is run once more (vitest.config.mts) before the run fails.
 */
export const JOURNEYS_AT_ONCE = 2;
