import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShopStatsDocument } from '../../gql/graphql';
import type { AdminOrdersQueryVariables, ShopStatsQueryVariables } from '../../gql/graphql';
import { formatINR } from '../../lib/money';
import { sizeCharts } from '../../test/chart-size';
import { mockOf, products } from '../../test/fixtures';
import { adminOrder, adminOrdersMock } from '../../test/order-fixtures';
import { adminProductsMock, renderAsAdmin } from '../../test/render-admin';
import { newShopStats, sellingShopStats, shopStatsMock } from '../../test/stats-fixtures';
import { DASHBOARD } from './messages';

const PATH = '/dashboard/admin';

function main() {
  return within(screen.getByRole('main'));
}

/** The text of each revenue card, in order. */
async function revenueCards(): Promise<string[]> {
  const cards = await main().findAllByTestId('revenue-card');
  return cards.map((card) => card.textContent ?? '');
}

const link = (name: string) => main().getByRole('link', { name });

describe('Admin dashboard', () => {
  sizeCharts();

  it('shows revenue with its change, orders waiting, stock alerts and who is signed in', async () => {
    const stats = sellingShopStats();
    renderAsAdmin(PATH, { mocks: [shopStatsMock(() => stats)] });
    expect(await main().findByRole('heading', { name: 'Admin Panel' })).toBeInTheDocument();
    expect(main().getByTestId('signed-in-as')).toHaveTextContent('Signed in as Vikram Admin');

    const [today, week, month] = await revenueCards();
    expect(today).toContain('Today');
    expect(today).toContain(formatINR(2500));
    expect(today).toContain('2 paid orders');
    expect(today).toContain('▲ 25% vs the day before');
    expect(week).toContain(formatINR(123456.5));
    expect(week).toContain('₹1,23,456.50');
    expect(week).toContain('▼ 17.7% vs the 7 days before');
    // What coupons and offers took off, where they took anything.
    expect(week).toContain(DASHBOARD.discountsGiven(formatINR(1250)));
    expect(today).not.toContain(DASHBOARD.discountsGiven(formatINR(0)));
    // Nothing sold in the 30 days before: no percentage to give.
    expect(month).toContain('— vs the 30 days before');
    expect(month).not.toContain('%');

    expect(link('Not Processed 4 orders')).toBeInTheDocument();
    expect(link('Processing 3 orders')).toBeInTheDocument();
    expect(link('Shipped 1 order')).toBeInTheDocument();
    expect(link('Out of stock 2 products')).toHaveAttribute(
      'href',
      '/dashboard/admin/products?stock=OUT_OF_STOCK',
    );
    expect(link('Low in stock (5 or fewer left) 7 products')).toHaveAttribute(
      'href',
      '/dashboard/admin/products?stock=LOW_STOCK',
    );

    // The charts come in a chunk of their own, and draw the days and the products sold.
    const revenueChart = await main().findByTestId('revenue-chart');
    expect(revenueChart).toHaveTextContent(DASHBOARD.revenuePerDay);
    await waitFor(() => expect(revenueChart.querySelector('svg.recharts-surface')).not.toBeNull());
    expect(revenueChart.querySelector('svg')).toHaveTextContent('25 Nov');
    // A bar for each day that sold (24 and 25 Nov), as tall as its revenue.
    const heights = [...revenueChart.querySelectorAll('.recharts-bar-rectangle path')].map((bar) =>
      Number(bar.getAttribute('height')),
    );
    expect(heights).toHaveLength(2);
    expect(heights[0] / heights[1]).toBeCloseTo(4000 / 2500);
    const topChart = main().getByTestId('top-products-chart');
    expect(topChart).toHaveTextContent(DASHBOARD.topProducts);
    await waitFor(() =>
      expect(topChart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2),
    );
    expect(topChart.querySelector('svg')).toHaveTextContent('Steel Kettle');
    expect(topChart.querySelector('svg')).toHaveTextContent('Galaxy Phone');
    expect(main().queryByTestId('no-sales')).toBeNull();
  });

  it('a new shop: zero figures and a message instead of empty charts', async () => {
    renderAsAdmin(PATH, { mocks: [shopStatsMock(newShopStats)] });
    const cards = await revenueCards();
    expect(cards).toHaveLength(3);
    for (const card of cards) {
      expect(card).toContain(formatINR(0));
      expect(card).toContain('0 paid orders');
      expect(card).toContain('—');
    }
    expect(link('Not Processed 0 orders')).toBeInTheDocument();
    expect(main().getByTestId('no-sales')).toHaveTextContent(
      'No paid orders in the last 30 days yet.',
    );
    expect(main().queryByTestId('revenue-chart')).toBeNull();
    expect(main().queryByTestId('top-products-chart')).toBeNull();
  });

  it('a status card opens the orders page filtered by that status', async () => {
    const calls: AdminOrdersQueryVariables[] = [];
    const processing = adminOrder(7, { status: 'PROCESSING' });
    const { user, router } = renderAsAdmin(PATH, {
      mocks: [
        shopStatsMock(sellingShopStats),
        adminOrdersMock(({ status }) => {
          const items = status === 'PROCESSING' ? [processing] : [];
          return { items, total: items.length };
        }, calls),
      ],
    });
    const card = await main().findByRole('link', { name: 'Processing 3 orders' });
    expect(card).toHaveAttribute('href', '/dashboard/admin/orders?status=PROCESSING');
    await user.click(card);

    expect(await main().findByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard/admin/orders');
    expect(router.state.location.search).toBe('?status=PROCESSING');
    expect(await screen.findAllByTestId('order')).toHaveLength(1);
    expect(calls[0]).toMatchObject({ page: 1, status: 'PROCESSING' });
    const statusFilter = main()
      .getAllByLabelText('Status')
      .find((element) => element.matches('input'));
    expect(statusFilter).toHaveValue('Processing');
  });

  it('a stock card opens the product list filtered by that stock level', async () => {
    const { user, router } = renderAsAdmin(PATH, {
      mocks: [
        shopStatsMock(sellingShopStats),
        adminProductsMock(
          products(1, 2).map((item) => ({ ...item, quantity: 2, stockLevel: 'LOW_STOCK' })),
          2,
          1,
          { stock: 'LOW_STOCK' },
        ),
      ],
    });
    await user.click(await main().findByRole('link', { name: /^Low in stock/ }));
    expect(await main().findByRole('heading', { name: 'All Products List' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?stock=LOW_STOCK');
    const cards = await screen.findAllByTestId('admin-product');
    expect(cards.map((card) => within(card).getByTestId('stock-badge').textContent)).toEqual([
      'Low stock (2 left)',
      'Low stock (2 left)',
    ]);
  });

  it('asks for the period chosen for the charts, and keeps it in the URL', async () => {
    const calls: ShopStatsQueryVariables[] = [];
    const { user, router } = renderAsAdmin(PATH, {
      mocks: [shopStatsMock(newShopStats, calls)],
    });
    await main().findByTestId('no-sales');
    expect(calls).toEqual([{ range: 'LAST_30_DAYS' }]);

    await user.click(main().getByRole('radio', { name: '7 days' }));
    await waitFor(() => expect(calls.at(-1)).toEqual({ range: 'LAST_7_DAYS' }));
    expect(router.state.location.search).toBe('?days=7');
    expect(await main().findByText(/No paid orders in the last 7 days yet/)).toBeInTheDocument();
    expect(main().getByRole('heading', { name: 'The last 7 days' })).toBeInTheDocument();
  });

  it('opens on the period its URL names', async () => {
    const calls: ShopStatsQueryVariables[] = [];
    renderAsAdmin(`${PATH}?days=90`, { mocks: [shopStatsMock(sellingShopStats, calls)] });
    expect(await main().findByTestId('revenue-chart')).toBeInTheDocument();
    expect(calls[0]).toEqual({ range: 'LAST_90_DAYS' });
    expect(main().getByRole('radio', { name: '90 days' })).toBeChecked();
  });

  it('says so when the figures cannot be loaded', async () => {
    const failing = mockOf(ShopStatsDocument, {
      variables: { range: 'LAST_30_DAYS' },
      error: new TypeError('Failed to fetch'),
    });
    renderAsAdmin(PATH, { mocks: [failing] });
    expect(await main().findByText(DASHBOARD.failure)).toBeInTheDocument();
    expect(main().queryByTestId('revenue-card')).toBeNull();
  });
});
