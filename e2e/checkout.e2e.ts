import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  expectProblem,
  cartCount,
  logIn,
  newAccount,
  registerViaApi,
  searchFor,
  settledOn,
  SHOPPER,
  stored,
  toast,
  useShop,
  settledOnProduct,
} from './support/browser';
import { catalogue, inr, outOfStock, POLL, productNamed, rupees, slugOf } from './support/catalog';
import { APPROVED_CARD, confirmedOrder, DECLINED_CARD, payWith } from './support/checkout';
import { linkInMail } from './support/mail';

/** Two products with plenty of stock, that no other journey buys. */
const FLASK = productNamed('Milton Thermosteel Flask 1 Litre');
const YOGA_MAT = productNamed('Boldfit 6mm Anti-Slip Yoga Mat');

const pathOf = (page: Page) => new URL(page.url()).pathname;

/** Units in stock, as the shop's GraphQL API says now. */
async function stockOf(page: Page, name: string): Promise<number> {
  const response = await page.request.post('/graphql', {
    data: {
      query: 'query Stock($slug: String!) { product(slug: $slug) { quantity } }',
      variables: { slug: slugOf(name) },
    },
  });
  const body = (await response.json()) as { data: { product: { quantity: number } } };
  return body.data.product.quantity;
}

/** Adds a product from its own page with its 'ADD TO CART' button. */
async function addFromProductPage(page: Page, name: string): Promise<void> {
  await page.goto(`/product/${slugOf(name)}`);
  await settledOnProduct(page);
  await page.getByRole('main').getByRole('button', { name: 'ADD TO CART' }).first().click();
  await toast(page, 'Item added to cart');
}

const cartLine = (page: Page, name: string) =>
  page.getByTestId('cart-line').filter({ hasText: name });

interface ShownLine {
  text: string;
  quantity: number;
  total: string;
}

/** Each line of the cart page, in order. */
async function shownLines(page: Page): Promise<ShownLine[]> {
  return page.getByTestId('cart-line').evaluateAll((lines) =>
    lines.map((line) => ({
      text: (line as HTMLElement).innerText,
      quantity: Number(line.querySelector('[data-testid="line-quantity"]')?.textContent),
      total: line.querySelector('[data-testid="line-total"]')?.textContent ?? '',
    })),
  );
}

/** The quantities the cart page shows, by product name (in the order of `names`). */
async function shownQuantities(page: Page, names: readonly string[]): Promise<number[]> {
  const lines = await shownLines(page);
  return names.map((name) => lines.find((line) => line.text.includes(name))?.quantity ?? 0);
}

interface ShownOrder {
  /** The order's number, BZ-000123. */
  number: string;
  status: string;
  payment: string;
  quantity: number;
  text: string;
  dateTime: string;
  title: string;
  /** The exact date of `dateTime` as the shop formats it, worked out in the page. */
  expectedTitle: string;
  relative: string;
}

/** The orders on /dashboard/user/orders, newest first. */
async function shownOrders(page: Page): Promise<ShownOrder[]> {
  return page.getByTestId('order').evaluateAll((orders) =>
    orders.map((order) => {
      const cell = (id: string) => order.querySelector(`[data-testid="${id}"]`)?.textContent ?? '';
      const time = order.querySelector('time');
      const dateTime = time?.getAttribute('datetime') ?? '';
      // The shop shows dates in India's time zone wherever the browser is (client/src/lib/dates.ts).
      const exact = new Intl.DateTimeFormat('en-IN', {
        dateStyle: 'medium',
        timeStyle: 'short',
        timeZone: 'Asia/Kolkata',
      });
      return {
        number: cell('order-number'),
        status: cell('order-status'),
        payment: cell('order-payment'),
        quantity: Number(cell('order-quantity')),
        text: (order as HTMLElement).innerText,
        dateTime,
        title: time?.getAttribute('title') ?? '',
        expectedTitle: dateTime ? exact.format(new Date(dateTime)) : '(no date)',
        relative: time?.textContent ?? '',
      };
    }),
  );
}

describe('checkout', () => {
  const open = useShop();

  it('registers, fills the cart, pays with the approving card, then is declined', async () => {
    const page = await open();
    const account = newAccount('checkout');

    // Register through the form, which signs the new account in.
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Register Form' }).waitFor();
    await page.getByPlaceholder('Enter Your Name').fill(account.name);
    await page.getByPlaceholder('Enter Your Email').fill(account.email);
    await page.getByPlaceholder('Enter Your Password').fill(account.password);
    await page.getByPlaceholder('Enter Your Phone').fill(account.phone);
    await page.getByPlaceholder('Enter Your Address').fill(account.address);
    await page.getByPlaceholder('What is Your Favorite sports').fill(account.answer);
    await page.getByRole('button', { name: 'REGISTER' }).click();
    await page.getByTestId('user-menu').first().getByText(account.name).waitFor();

    const flaskStock = await stockOf(page, FLASK.name);
    const matStock = await stockOf(page, YOGA_MAT.name);

    // The flask twice from its card in the search results, the mat once from its page.
    await searchFor(page, FLASK.name);
    const flaskCard = page
      .getByTestId('product-card')
      .filter({ has: page.locator(`a[href="/product/${slugOf(FLASK.name)}"]`) });
    await flaskCard.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect.poll(() => cartCount(page), POLL).toBe(1);
    await flaskCard.getByRole('button', { name: 'ADD TO CART' }).click();
    await expect.poll(() => cartCount(page), POLL).toBe(2);
    await addFromProductPage(page, YOGA_MAT.name);
    await expect.poll(() => cartCount(page), POLL).toBe(3);

    // One line per product, with its quantity.
    await page.getByRole('link', { name: /^Cart/ }).first().click();
    await page.waitForURL('**/cart');
    await page.getByText('You have 3 items in your cart').waitFor();
    const names = [FLASK.name, YOGA_MAT.name];
    await expect.poll(() => shownQuantities(page, names), POLL).toEqual([2, 1]);
    expect(await page.getByTestId('cart-line').count()).toBe(2);

    // Adjust: one more mat, one more flask, one less mat.
    await page.getByRole('button', { name: `One more ${YOGA_MAT.name}` }).click();
    await expect.poll(() => shownQuantities(page, names), POLL).toEqual([2, 2]);
    await page.getByRole('button', { name: `One more ${FLASK.name}` }).click();
    await expect.poll(() => shownQuantities(page, names), POLL).toEqual([3, 2]);
    await page.getByRole('button', { name: `One less ${YOGA_MAT.name}` }).click();
    await expect.poll(() => shownQuantities(page, names), POLL).toEqual([3, 1]);
    // The badge still counts entries, one per unit.
    await expect.poll(() => cartCount(page), POLL).toBe(4);

    // Line totals and the total are the shop's prices times the quantities, in rupees.
    const total = FLASK.price * 3 + YOGA_MAT.price;
    const lines = await shownLines(page);
    expect(lines.map((line) => line.total)).toEqual([inr(FLASK.price * 3), inr(YOGA_MAT.price)]);
    expect(lines[0].text).toContain(`Price : ${inr(FLASK.price)}`);
    expect(lines[1].text).toContain(`Price : ${inr(YOGA_MAT.price)}`);
    // The total is the server's quote of the cart, which follows the last change a moment later.
    const shownTotal = async () => (await page.getByTestId('cart-total').textContent()) ?? '';
    await expect.poll(shownTotal, POLL).toBe(`Total : ${inr(total)}`);
    const totalText = await shownTotal();
    expect(rupees(totalText.replace('Total :', ''))).toBe(total);

    // Signed in: the profile's delivery address and the ways to pay.
    const main = page.getByRole('main');
    await main.getByRole('radiogroup', { name: 'Choose how to pay' }).waitFor();
    await main.getByText('Delivery address').waitFor();
    expect(await main.innerText()).toContain(account.address);

    const startedAt = Date.now();
    await payWith(page, APPROVED_CARD, total);
    const number = await confirmedOrder(page);
    expect(pathOf(page)).toBe(`/order-confirmed/${number}`);
    await page.goto('/dashboard/user/orders');
    await page.getByRole('heading', { name: 'All Orders' }).waitFor();
    await expect.poll(() => page.getByTestId('order').count(), POLL).toBe(1);

    const [paid] = await shownOrders(page);
    expect(paid).toMatchObject({
      number,
      status: 'Not Processed',
      payment: 'Card · Paid',
      quantity: 4,
    });
    expect(paid.text).toContain(account.name);
    expect(paid.text).toContain(FLASK.name);
    expect(paid.text).toContain(YOGA_MAT.name);

    // The confirmation e-mail came (read from the mail catcher), and its button opens the order.
    const link = await linkInMail(account.email, `Order ${number} confirmed`, /^\/dashboard\//);
    expect(link.path).toBe(`/dashboard/user/orders/${number}`);
    await page.goto(link.path);
    await page.getByRole('heading', { name: `Order ${number}` }).waitFor();
    expect(paid.text).toContain(`Total : ${inr(total)}`);
    // The Date cell: the order's own time, relative, with the exact date on hover.
    const placed = new Date(paid.dateTime).getTime();
    expect(placed).toBeGreaterThanOrEqual(startedAt - 5_000);
    expect(placed).toBeLessThanOrEqual(Date.now() + 5_000);
    expect(paid.title).toBe(paid.expectedTitle);
    expect(paid.relative).toMatch(/now|second|minute/);

    // The cart is emptied, and the stock went down by what was bought.
    await expect.poll(() => cartCount(page), POLL).toBe(0);
    expect(await stored(page, 'cart')).toEqual([]);
    expect(await stockOf(page, FLASK.name)).toBe(flaskStock - 3);
    expect(await stockOf(page, YOGA_MAT.name)).toBe(matStock - 1);

    // Again with the declining card: the order waits on its own page to be paid again, its
    // stock held for it until its time to pay runs out; the cart is kept.
    await addFromProductPage(page, YOGA_MAT.name);
    await page.goto('/cart');
    await expect.poll(() => shownQuantities(page, [YOGA_MAT.name]), POLL).toEqual([1]);
    await payWith(page, DECLINED_CARD, YOGA_MAT.price);
    await page.waitForURL('**/pay/*');
    await settledOn(page, 'Payment failed, try again');
    expect(await page.getByTestId('payment-failed').textContent()).toContain('Card declined');
    expect(await cartCount(page)).toBe(1);
    expect(await stockOf(page, YOGA_MAT.name)).toBe(matStock - 2);
    await page.goto('/cart');
    await expect.poll(() => cartLine(page, YOGA_MAT.name).count(), POLL).toBe(1);

    // The failed order is on the orders page too, newest first.
    await page.goto('/dashboard/user/orders');
    await page.getByRole('heading', { name: 'All Orders' }).waitFor();
    await expect.poll(() => page.getByTestId('order').count(), POLL).toBe(2);
    const [failed, earlier] = await shownOrders(page);
    expect(failed).toMatchObject({ payment: 'Card · Failed', quantity: 1 });
    expect(failed.text).toContain(YOGA_MAT.name);
    expect(failed.title).toBe(failed.expectedTitle);
    expect(earlier).toMatchObject({
      payment: 'Card · Paid',
      quantity: 4,
      dateTime: paid.dateTime,
    });
    expect(await cartCount(page)).toBe(1);
  });

  it('pays once when the reply is lost after the server charged, and the shopper pays again', async () => {
    const page = await open();
    const account = newAccount('lost-reply');
    await registerViaApi(page, account);
    await logIn(page, account);
    const stock = await stockOf(page, FLASK.name);

    // The first PlaceOrder reaches the server, which charges and records the order; then the
    // connection drops before the browser sees the answer.
    let cut = 0;
    expectProblem(page, /ERR_CONNECTION_RESET/);
    await page.route('**/graphql', async (route) => {
      const operation = route.request().postDataJSON() as { operationName?: string } | null;
      if (operation?.operationName !== 'PlaceOrder' || cut > 0) return route.fallback();
      cut += 1;
      const answered = await route.fetch();
      expect(answered.status()).toBe(200);
      await route.abort('connectionreset');
    });

    await addFromProductPage(page, FLASK.name);
    await page.goto('/cart');
    await payWith(page, APPROVED_CARD, FLASK.price);
    await expect
      .poll(() => page.getByTestId('checkout-error').textContent(), POLL)
      .toContain('Something went wrong');
    expect(cut).toBe(1);
    expect(pathOf(page)).toBe('/cart');
    expect(await stockOf(page, FLASK.name)).toBe(stock - 1);

    // Paying again sends the same key: the server answers with the order it already placed.
    await page.getByRole('button', { name: `Pay ${inr(FLASK.price)}` }).click();
    const number = await confirmedOrder(page);
    await page.goto('/dashboard/user/orders');
    await expect.poll(() => page.getByTestId('order').count(), POLL).toBe(1);
    const [order] = await shownOrders(page);
    expect(order).toMatchObject({
      number,
      status: 'Not Processed',
      payment: 'Card · Paid',
      quantity: 1,
    });
    expect(await stockOf(page, FLASK.name)).toBe(stock - 1);
  });

  it('lets the shopper cancel an order that is not processed yet: stock back, refunded, in the timeline', async () => {
    const page = await open();
    const account = newAccount('cancel');
    await registerViaApi(page, account);
    await logIn(page, account);
    const stock = await stockOf(page, YOGA_MAT.name);
    await addFromProductPage(page, YOGA_MAT.name);
    await page.goto('/cart');
    await payWith(page, APPROVED_CARD, YOGA_MAT.price);
    const number = await confirmedOrder(page);
    expect(await stockOf(page, YOGA_MAT.name)).toBe(stock - 1);

    await page.goto('/dashboard/user/orders');
    const order = page.getByTestId('order');
    await order.getByRole('button', { name: `Cancel order ${number}` }).click();
    const dialog = page.getByRole('dialog', { name: `Cancel order ${number}?` });
    await dialog.getByRole('button', { name: 'Yes, cancel it' }).click();
    await toast(page, `Order ${number} cancelled; the payment will be refunded`);

    await expect
      .poll(() => order.getByTestId('order-status').textContent(), POLL)
      .toBe('Cancelled');
    expect(await order.getByTestId('order-payment').textContent()).toBe('Card · Refunded');
    expect(await order.getByTestId('order-timeline').innerText()).toMatch(
      new RegExp(`Not Processed → Cancelled\\s+by ${account.name},`),
    );
    expect(await order.getByRole('button', { name: /^Cancel/ }).count()).toBe(0);
    expect(await stockOf(page, YOGA_MAT.name)).toBe(stock);
  });

  it('asks a signed-out shopper to log in and comes back to the cart', async () => {
    const page = await open();
    await addFromProductPage(page, FLASK.name);
    await page.goto('/cart');
    await page.getByRole('heading', { name: 'Hello Guest' }).waitFor();
    const main = page.getByRole('main');
    expect(await main.getByRole('radiogroup', { name: 'Choose how to pay' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Please login to checkout' }).click();
    await page.waitForURL('**/login');
    await page.getByPlaceholder('Enter Your Email').fill(SHOPPER.email);
    await page.getByPlaceholder('Enter Your Password').fill(SHOPPER.password);
    await page.getByRole('button', { name: 'LOGIN' }).click();
    await page.waitForURL('**/cart');

    // Signed in now, the same cart, ready to pay.
    await main.getByRole('radiogroup', { name: 'Choose how to pay' }).waitFor();
    expect(await page.getByRole('heading', { name: 'Hello Guest' }).count()).toBe(0);
    await expect.poll(() => shownQuantities(page, [FLASK.name]), POLL).toEqual([1]);
    await page.getByRole('button', { name: `Pay ${inr(FLASK.price)}` }).waitFor();
  });

  it('edits the profile and shows the new name in the header menu', async () => {
    const page = await open();
    const account = newAccount('profile');
    await registerViaApi(page, account);
    await logIn(page, account);

    await page.goto('/dashboard/user/profile');
    await page.getByRole('heading', { name: 'Your Profile' }).waitFor();
    const name = page.getByPlaceholder('Enter Your Name');
    expect(await name.inputValue()).toBe(account.name);
    expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);

    const newName = `${account.name} Renamed`;
    const newAddress = '21 MG Road, Bengaluru 560001';
    await name.fill(newName);
    await page.getByPlaceholder('Enter Your Address').fill(newAddress);
    await page.getByRole('button', { name: 'Update' }).click();
    await toast(page, 'Profile updated successfully');

    const menu = page.getByTestId('user-menu').first();
    await expect.poll(() => menu.textContent(), POLL).toBe(newName);
    expect(await stored(page, 'auth')).toMatchObject({
      user: { name: newName, address: newAddress },
    });

    // Kept over a reload, and the cart delivers to the new address.
    await page.reload();
    await expect.poll(() => menu.textContent(), POLL).toBe(newName);
    await addFromProductPage(page, FLASK.name);
    await page.goto('/cart');
    await page.getByRole('main').getByText('Delivery address').waitFor();
    expect(await page.getByRole('main').innerText()).toContain(newAddress);
  });

  it('shows Out of stock and keeps ADD TO CART off for a sold-out product', async () => {
    const [soldOut] = outOfStock((await catalogue()).products);
    expect(soldOut, 'the catalogue has a sold-out product').toBeDefined();
    const page = await open();
    await page.goto(`/product/${soldOut.slug}`);
    await settledOnProduct(page);
    const main = page.getByRole('main');
    await main.getByText('Out of stock', { exact: true }).first().waitFor();
    expect(await main.getByRole('button', { name: 'ADD TO CART' }).first().isDisabled()).toBe(true);
    expect(await cartCount(page)).toBe(0);
  });
});
