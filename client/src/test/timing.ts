/**
 * How long a mocked answer takes when a test looks for the loading state before it: long enough
 * that a busy machine (the suite runs beside others on two cores, and pages are loaded lazily)
 * still shows the page loading before the answer comes.
 */
export const ON_ITS_WAY_MS = 1_500;
/** How long to wait for such an answer to be shown. */
export const ARRIVED = { timeout: ON_ITS_WAY_MS + 3_000 };
