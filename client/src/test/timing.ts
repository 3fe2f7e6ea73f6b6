/**
 * How long a mocked answer takes when a test looks for the loading state before it: long enough
 * that a busy machine (the suite runs beside others on two cores, and pages are loaded lazily)
 * still shows the page loading before the answer comes.
 */
export const ON_ITS_WAY_MS = 1_500;
/** How long to wait for such an answer to be shown. */
export const ARRIVED = { timeout: ON_ITS_WAY_MS + 3_000 };
/**
 * How long to wait for a lazily loaded page to show that it is loading: its code can take longer
 * than the one second testing-library waits by default when the whole suite runs, and the loading
 * state then stays for ON_ITS_WAY_MS, so a wait this long still sees it.
 */
export const PAGE_LOADING = { timeout: 3_000 };
