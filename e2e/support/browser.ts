import { existsSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { Browser, BrowserContext, chromium, Locator, Page, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

/** Debian's chromium; playwright-core never downloads a browser of its own. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const PHONE = { width: 375, height: 812 };
export const DESKTOP = { width: 1280, height: 900 };

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No Chromium at ${CHROMIUM}: install Debian's chromium package (see .ci/run)`);
  }
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** This worker's shop (VITEST_POOL_ID counts the workers from 1). */
export const baseUrl = (): string => {
  const shops = inject('baseUrls');
  return shops[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % shops.length];
};

/**
 * A fresh browser profile (empty storage) on the shop; `locale` is the browser's language
 * (`navigator.languages`), English unless given.
 */
export async function openShop(
  browser: Browser,
  viewport = DESKTOP,
  locale?: string,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: baseUrl(), viewport, locale });
  const page = await context.newPage();
  return { context, page };
}

export const ADMIN = { email: 'admin@shop.local', password: 'admin123' };
export const SHOPPER = { email: 'shopper@shop.local', password: 'shopper123' };

export async function logIn(
  page: Page,
  account: { email: string; password: string },
): Promise<void> {
  await page.goto('/login');
  await page.getByPlaceholder('Enter Your Email').fill(account.email);
  await page.getByPlaceholder('Enter Your Password').fill(account.password);
  await page.getByRole('button', { name: 'LOGIN' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}

export interface ShopSession {
  page: Page;
  context: BrowserContext;
}

interface PolicyViolation {
  directive: string;
  blocked: string;
  source: string;
}

/**
 * The one refusal that is the policy working as meant, not a page broken by it: zod, bundled
 * in the GraphQL explorer, tries `new Function("")` once to see whether it may compile its
 * validators, and validates without compiling when refused. Nothing is logged for it.
 */
const isExplorerEvalProbe = ({ directive, blocked, source }: PolicyViolation) =>
  directive === 'script-src' &&
  blocked === 'eval' &&
  new URL(source, 'http://shop.test').pathname.startsWith('/graphql-explorer/');

/**
 * What a page must never do: throw an uncaught error, log an error to the console, or be
 * refused something by the Content-Security-Policy. Chromium logs a refused load to the
 * console, and the page's `securitypolicyviolation` events are collected too, so a refusal
 * is caught even where no message is written.
 */
async function watchForProblems(page: Page): Promise<string[]> {
  const problems: string[] = [];
  page.on('pageerror', (error) => problems.push(`uncaught: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  await page.exposeBinding('reportPolicyViolation', (_source, violation: PolicyViolation) => {
    if (isExplorerEvalProbe(violation)) return;
    problems.push(
      `CSP: ${violation.directive} refused ${violation.blocked} in ${violation.source}`,
    );
  });
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportPolicyViolation(v: PolicyViolation): void })
        .reportPolicyViolation;
      report({
        directive: event.effectiveDirective,
        blocked: event.blockedURI || 'inline',
        source: `${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      });
    });
  });
  return problems;
}

const expectedProblems = new WeakMap<Page, RegExp[]>();

/**
 * A problem the journey causes on purpose (a connection it cuts, say): it must then happen,
 * and it fails nothing.
 */
export function expectProblem(page: Page, pattern: RegExp): void {
  expectedProblems.set(page, [...(expectedProblems.get(page) ?? []), pattern]);
}

/** The problems of a page that it was not expected to have; fails when an expected one is missing. */
function unexpectedProblems(page: Page, problems: string[]): string[] {
  const expected = expectedProblems.get(page) ?? [];
  for (const pattern of expected) {
    expect(
      problems.some((problem) => pattern.test(problem)),
      `expected ${pattern}`,
    ).toBe(true);
  }
  return problems.filter((problem) => !expected.some((pattern) => pattern.test(problem)));
}

/**
 * One browser for the file and a fresh profile for every test: `const open = useShop();` at the
 * top of a `describe`, then `const page = await open(PHONE)` in a test. Contexts are closed after
 * each test, and a page error, console error or CSP violation fails the test that caused it.
 */
export function useShop(): (
  viewport?: { width: number; height: number },
  locale?: string,
) => Promise<Page> {
  let browser: Browser | undefined;
  let sessions: { context: BrowserContext; page: Page; problems: string[] }[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    const closing = sessions;
    sessions = [];
    await Promise.all(closing.map(({ context }) => context.close()));
    expect(
      closing.flatMap(({ page, problems }) => unexpectedProblems(page, problems)),
      'errors or CSP violations in the page',
    ).toEqual([]);
  });
  afterAll(async () => {
    await browser?.close();
  });
  return async (viewport = DESKTOP, locale) => {
    if (!browser) throw new Error('useShop() must be called inside a describe block');
    const { context, page } = await openShop(browser, viewport, locale);
    sessions.push({ context, page, problems: await watchForProblems(page) });
    return page;
  };
}

/** A value from the page's localStorage, parsed, or null. */
export function stored<T = unknown>(page: Page, key: string): Promise<T | null> {
  return page.evaluate((name) => {
    const raw = localStorage.getItem(name);
    return raw === null ? null : JSON.parse(raw);
  }, key);
}

/** The number on the header's cart badge (present, if hidden, even while the phone menu is shut). */
export async function cartCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('cart-count').first().textContent());
}

/** A toast (notification) with this text appears. */
export async function toast(page: Page, text: string | RegExp): Promise<void> {
  await page.getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/** A form's refusal naming none of its fields (a wrong password): an alert inside the form. */
export async function formRefusal(page: Page, text: string | RegExp): Promise<void> {
  await page.locator('main form').getByRole('alert').filter({ hasText: text }).first().waitFor();
}

/**
 * Opens the phone menu when the header is collapsed behind the burger. The burger's
 * aria-expanded says whether it is open; the menu's own visibility would mislead while
 * it is still sliding shut after a navigation.
 */
export async function openMenuIfCollapsed(
  page: Page,
  words: { menu: string; search: string } = { menu: 'Menu', search: 'Search' },
): Promise<void> {
  await page.getByRole('main').waitFor();
  const burger = page.getByRole('button', { name: words.menu });
  if ((await burger.isVisible()) && (await burger.getAttribute('aria-expanded')) !== 'true') {
    await burger.click();
  }
  await page.getByRole('combobox', { name: words.search }).waitFor();
}

/** The header's search box: a combobox, as it offers suggestions while typed in. */
export const searchBox = (page: Page): Locator => page.getByRole('combobox', { name: 'Search' });

/** Types a keyword into the header search box (in view at every width) and submits it. */
export async function searchFor(page: Page, keyword: string): Promise<void> {
  await page.getByRole('main').waitFor();
  const box = searchBox(page);
  await box.fill(keyword);
  await box.press('Enter');
  await page.waitForURL((url) => url.pathname === '/search');
}

export interface Account {
  name: string;
  email: string;
  password: string;
  phone: string;
  address: string;
  answer: string;
}

/** A new shopper nobody has registered yet (the e-mail is unique to this run and call). */
export function newAccount(label: string): Account {
  const unique = `${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
  return {
    name: `E2E ${label} ${unique.slice(-6)}`,
    email: `e2e-${label}-${unique}@example.com`,
    password: 'tulsi-leaf-42',
    phone: '+91 90000 12345',
    address: '7 Park Street, Kolkata 700016',
    answer: 'cricket',
  };
}

/** Registers an account straight through the API, for tests that are not about the form. */
export async function registerViaApi(page: Page, account: Account): Promise<void> {
  const response = await page.request.post('/graphql', {
    data: {
      query: 'mutation Register($input: RegisterInput!) { register(input: $input) { id } }',
      variables: { input: account },
    },
  });
  const body = (await response.json()) as { errors?: { message: string }[] };
  if (!response.ok() || body.errors) {
    throw new Error(`Could not register ${account.email}: ${JSON.stringify(body.errors)}`);
  }
}

export interface GraphqlOperation {
  operationName?: string;
  variables?: Record<string, unknown>;
}

/**
 * Holds back the page's GraphQL requests that `matches` picks until the returned function is
 * called, so that a loading state can be seen without depending on timing.
 */
export async function holdGraphql(
  page: Page,
  matches: (operation: GraphqlOperation) => boolean,
): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/graphql', async (route: Route) => {
    let operation: GraphqlOperation = {};
    try {
      operation = (route.request().postDataJSON() as GraphqlOperation | null) ?? {};
    } catch {
      // not JSON (an upload): never held
    }
    if (matches(operation)) await released;
    await route.fallback();
  });
  return release;
}

/** Presses `key` until `target` has the focus (keyboard-only use), failing after `limit` presses. */
async function pressUntilFocused(
  page: Page,
  key: string,
  target: Locator,
  limit: number,
): Promise<void> {
  await target.waitFor();
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press(key);
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${target} not reached with ${limit} presses of ${key}`);
}

/** Presses Tab until `target` has the focus (keyboard-only use), failing after `limit` presses. */
export const tabTo = (page: Page, target: Locator, limit = 120): Promise<void> =>
  pressUntilFocused(page, 'Tab', target, limit);

/** Presses Shift+Tab until `target` has the focus: back to a control earlier in the page. */
export const shiftTabTo = (page: Page, target: Locator, limit = 120): Promise<void> =>
  pressUntilFocused(page, 'Shift+Tab', target, limit);

interface CountdownLog {
  countdown: string[];
}

/** Keeps, in the page, every distinct 'Redirecting to you in N second' text it shows. */
export async function recordCountdown(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const log = window as unknown as CountdownLog;
    log.countdown = [];
    new MutationObserver(() => {
      const text = document.body?.textContent?.match(/Redirecting to you in -?\d+ second/)?.[0];
      if (text && text !== log.countdown.at(-1)) log.countdown.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

/** The countdown texts recordCountdown kept, in the order shown. */
export const countdownSeen = (page: Page): Promise<string[]> =>
  page.evaluate(() => (window as unknown as CountdownLog).countdown);

/** The WCAG 2.0 and 2.1 success criteria, levels A and AA, that every screen is held to. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** The impacts that fail a screen: what blocks or badly hinders someone using it. */
const BLOCKING_IMPACTS = new Set(['serious', 'critical']);

/**
 * The serious and critical WCAG A/AA violations axe-core finds in the page as it is now: one
 * line per rule and failure, with what to do about it and the elements (the first few, and how
 * many there are).
 */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  // Once transitions (a dialog fading in, a menu opening) are over: colours read mid-fade are
  // not the ones anybody reads. Checked again two frames later, as a transition can start just
  // after the first check (a notification whose time ran out begins to fade).
  const transitionsOver = () =>
    page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' ||
            animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    );
  await transitionsOver();
  await page.evaluate(
    () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
  );
  await transitionsOver();
  const { violations, incomplete } = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  return [...violations, ...invisibleText(incomplete)]
    .filter((violation) => BLOCKING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) => {
      const bySummary = new Map<string, typeof violation.nodes>();
      for (const node of violation.nodes) {
        const summary = (node.failureSummary ?? '').replace(/\s+/g, ' ');
        bySummary.set(summary, [...(bySummary.get(summary) ?? []), node]);
      }
      return [...bySummary].map(([summary, nodes]) => {
        const targets = nodes.slice(0, 3).map((node) => node.target.join(' > '));
        const more = nodes.length > 3 ? ` and ${nodes.length - 3} more` : '';
        return `${violation.id} (${violation.impact}): ${violation.help}. ${summary} At ${targets.join(', ')}${more}.`;
      });
    });
}

/** What axe finds on a page. */
type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>;

/**
 * Text in the very colour of its ground, which axe leaves "to review" (it may be hidden on
 * purpose) rather than failing: no text on the shop's screens is, so such text is a fault (a
 * badge whose variant painted its words and its ground alike once went unseen this way).
 */
function invisibleText(incomplete: AxeResults['incomplete']): AxeResults['violations'] {
  return incomplete
    .filter((result) => result.id === 'color-contrast')
    .map((result) => ({
      ...result,
      impact: 'serious' as const,
      help: 'Text must not be the colour of its background',
      nodes: result.nodes.filter((node) =>
        node.any.some(
          (check) => (check.data as { messageKey?: string })?.messageKey === 'equalRatio',
        ),
      ),
    }))
    .filter((result) => result.nodes.length > 0);
}

/** What a page shows while something is on its way: Mantine's spinner or a visible skeleton. */
const LOADING = '.mantine-Loader-root, .mantine-Skeleton-root[data-visible]';

/**
 * Waits until the page is settled: its main area shows a heading named `heading` and nothing
 * loading (lazy code loaded, route guard answered, queries answered).
 */
export async function settledOn(page: Page, heading: string | RegExp): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('heading', { name: heading }).first().waitFor();
  await main.locator(LOADING).first().waitFor({ state: 'detached' });
}

/**
 * Waits until a product's page is settled: its breadcrumb shown (no other page has one), its
 * name as the page's heading when given, and nothing loading.
 */
export async function settledOnProduct(page: Page, name?: string): Promise<void> {
  const main = page.getByRole('main');
  await main.getByRole('navigation', { name: 'Breadcrumb' }).waitFor();
  if (name) await main.getByRole('heading', { level: 1, name, exact: true }).waitFor();
  await main.locator(LOADING).first().waitFor({ state: 'detached' });
}

/** The price a product's page shows: the product's lowest, or that of the choice made. */
export const productPagePrice = (page: Page): Promise<string> =>
  page.getByRole('main').getByTestId('price-tag').first().innerText();

/**
 * Whether the focused element shows it has the focus: it matches :focus-visible and draws an
 * outline or a ring that can be seen.
 */
export function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const focused = document.activeElement;
    if (!focused || focused === document.body || !focused.matches(':focus-visible')) return false;
    const style = getComputedStyle(focused);
    const outline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none';
  });
}
