import { screen, waitFor, within } from '@testing-library/react';
import { ORDER_FILTER_RULES, orderNumberText, SHIPMENT_RULES } from '@shop/rules';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  AdminOrdersDocument,
  SetCouriersDocument,
  SetOrderShipmentDocument,
  SetOrderStatusDocument,
} from '../../../gql/graphql';
import type { AdminOrdersQueryVariables, OrderStatus } from '../../../gql/graphql';
import { graphQLErrorResult, mockOf, product } from '../../../test/fixtures';
import {
  adminOrder as order,
  payment,
  AdminOrderFixture as OrderFixture,
  adminOrdersMock,
  COURIER_LIST,
  couriersMock,
  delivery,
  orderLine,
  DECLINED,
  NEXT_STATUSES,
  shipment,
  statusChange,
} from '../../../test/order-fixtures';
import { stubObjectUrls } from '../../../test/object-urls';
import { renderAsAdmin as renderAdmin } from '../../../test/render-admin';
import type { ShopRenderOptions } from '../../../test/render';
import { COURIERS, ORDERS as ORDERS_TEXT } from '../messages';
import { CASH_MOVES, ORDERS_PAGE_SIZE } from './AdminOrdersPage';

const PATH = '/dashboard/admin/orders';
const NO_FILTERS = { status: null, from: null, to: null, buyer: null, number: null };

/** The orders page, signed in as the admin; its couriers section asks for the couriers. */
const renderAsAdmin = (path: string, options: ShopRenderOptions = {}) =>
  renderAdmin(path, { ...options, mocks: [couriersMock(), ...(options.mocks ?? [])] });

const asha = order(1, { lines: [orderLine(product(1, { name: 'Steel Kettle' }), 2)] });
const ravi = order(2, {
  status: 'DELIVERED',
  buyer: {
    __typename: 'User',
    id: 'u2',
    name: 'Ravi Kumar',
    email: 'ravi@example.in',
    phone: '+91 90000 11111',
  },
  payment: DECLINED,
  lines: [orderLine(product(2, { name: 'Galaxy Phone' }), 1)],
});
const ORDERS = [asha, ravi];

/** The orders of the given status and buyer (all when none), a page at a time. */
function answer(all: OrderFixture[]) {
  return ({ page, pageSize, status, buyer }: AdminOrdersQueryVariables) => {
    const matching = all.filter(
      (o) =>
        (!status || o.status === status) &&
        (!buyer || o.buyer?.name.toLowerCase().includes(buyer.toLowerCase())),
    );
    return {
      items: matching.slice((page - 1) * pageSize, page * pageSize),
      total: matching.length,
    };
  };
}

/** SetOrderStatus, changing the order on `server` as the real one would. */
function setStatusMock(
  orderId: string,
  status: OrderStatus,
  calls: unknown[],
  server: { orders: OrderFixture[] },
) {
  return mockOf(SetOrderStatusDocument, {
    variables: { orderId, status },
    result: () => {
      calls.push({ orderId, status });
      const before = server.orders.find((o) => o.id === orderId)!;
      const after = {
        ...before,
        status,
        nextStatuses: NEXT_STATUSES[status],
        buyerMayCancel: false,
        history: [
          ...before.history,
          statusChange(before.status, status, 'Shop Admin', '2024-03-06T09:30:00.000Z'),
        ],
      };
      server.orders = server.orders.map((o) => (o.id === orderId ? after : o));
      return { data: { setOrderStatus: after } };
    },
  });
}

function main() {
  return within(screen.getByRole('main'));
}

function select(label: string): HTMLElement {
  return main()
    .getAllByLabelText(label)
    .filter((element) => element.matches('input'))[0];
}

type User = ReturnType<typeof renderAsAdmin>['user'];

async function choose(user: User, label: string, option: string) {
  await user.click(select(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('All Orders (admin)', () => {
  it('shows every order with a status select, buyer, payment and quantity', async () => {
    renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS))] });
    expect(await main().findByRole('heading', { name: 'All Orders' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('order');
    expect(cards).toHaveLength(2);

    expect(select('Status of order BZ-000001')).toHaveValue('Not Processed');
    expect(select('Status of order BZ-000002')).toHaveValue('Delivered');
    const first = within(cards[0]);
    expect(first.getByRole('cell', { name: 'Asha Rao' })).toBeInTheDocument();
    expect(first.getByTestId('order-payment')).toHaveTextContent('Card · Paid');
    expect(first.getByTestId('order-quantity')).toHaveTextContent('2');
    expect(first.getByText('Steel Kettle')).toBeInTheDocument();
    const second = within(cards[1]);
    expect(second.getByRole('cell', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(second.getByTestId('order-payment')).toHaveTextContent('Card · Failed');
  });

  it("names a cash-on-delivery order's moves: delivered is cash collected, cancelled once shipped is returned", async () => {
    const cash = payment({ success: false, method: 'CASH_ON_DELIVERY', state: 'DUE_ON_DELIVERY' });
    const shipped = order(8, {
      status: 'SHIPPED',
      payment: cash,
      nextStatuses: ['DELIVERED', 'CANCELLED'],
    });
    const { user } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer([shipped]))] });
    const card = within(await screen.findByTestId('order'));
    expect(card.getByTestId('order-payment')).toHaveTextContent('Cash on delivery · Due');
    await user.click(select('Status of order BZ-000008'));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['Shipped', CASH_MOVES.delivered, CASH_MOVES.returned]);
  });

  it('shows whom and where each order goes, and links to its packing slip', async () => {
    const copied = order(5, { deliveryAddress: delivery() });
    const { user, router } = renderAsAdmin(PATH, {
      mocks: [adminOrdersMock(answer([copied, ravi]))],
    });
    const [first, second] = (await screen.findAllByTestId('order-delivery')).map((card) =>
      within(card),
    );
    // The address copied at checkout: name, mobile, the address and its PIN.
    expect(first.getByText('Asha Menon')).toBeInTheDocument();
    expect(first.getByText('Mobile: +91 98450 12345')).toBeInTheDocument();
    expect(first.getByText('12 MG Road')).toBeInTheDocument();
    expect(first.getByText('Near Cubbon Park')).toBeInTheDocument();
    expect(first.getByText('Bengaluru, Karnataka 560001')).toBeInTheDocument();
    // An order placed with a text address: the buyer's name and phone, and the text as given.
    expect(second.getByText('Ravi Kumar')).toBeInTheDocument();
    expect(second.getByText('Mobile: +91 90000 11111')).toBeInTheDocument();
    expect(second.getByText(ravi.address)).toBeInTheDocument();
    expect(second.getByText(ORDERS_TEXT.asGiven)).toBeInTheDocument();

    await user.click(
      first.getByRole('link', { name: `Packing slip of order ${orderNumberText(5)}` }),
    );
    expect(router.state.location.pathname).toBe(
      `/dashboard/admin/orders/${orderNumberText(5)}/packing-slip`,
    );
  });

  it('offers in each status select only the moves the server allows', async () => {
    const shipped = order(3, { status: 'SHIPPED' });
    const { user } = renderAsAdmin(PATH, {
      mocks: [adminOrdersMock(answer([...ORDERS, shipped]))],
    });
    await screen.findAllByTestId('order');
    await user.click(select('Status of order BZ-000001'));
    let options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'Not Processed',
      'Processing',
      'Cancelled',
    ]);
    await user.keyboard('{Escape}');
    await user.click(select('Status of order BZ-000003'));
    await waitFor(() =>
      expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
        'Shipped',
        'Delivered',
      ]),
    );
    options = screen.getAllByRole('option');
    expect(options).toHaveLength(2);
    // A declined order, or a delivered one, cannot move at all.
    expect(select('Status of order BZ-000002')).toBeDisabled();
  });

  it("saves a new status at once, says 'Order BZ-000001 set to Processing' and shows it in the timeline", async () => {
    const calls: unknown[] = [];
    const server = { orders: [...ORDERS] };
    const { user } = renderAsAdmin(PATH, {
      mocks: [
        adminOrdersMock((variables) => answer(server.orders)(variables)),
        setStatusMock('o1', 'PROCESSING', calls, server),
      ],
    });
    await screen.findAllByTestId('order');
    await choose(user, 'Status of order BZ-000001', 'Processing');

    expect(await screen.findByText('Order BZ-000001 set to Processing')).toBeInTheDocument();
    expect(calls).toEqual([{ orderId: 'o1', status: 'PROCESSING' }]);
    await waitFor(() => expect(select('Status of order BZ-000001')).toHaveValue('Processing'));
    const timeline = within(screen.getAllByTestId('order')[0]).getByTestId('order-timeline');
    expect(timeline).toHaveTextContent('Not Processed → Processing');
    expect(timeline).toHaveTextContent('by Shop Admin');
    expect(select('Status of order BZ-000002')).toHaveValue('Delivered');
  });

  it("shows the server's refusal of a status change", async () => {
    const message =
      'Cannot move an order from Shipped to Cancelled: allowed from Shipped: Delivered';
    const refused = mockOf(SetOrderStatusDocument, {
      variables: { orderId: 'o1', status: 'CANCELLED' },
      result: graphQLErrorResult(message),
    });
    const { user } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS)), refused] });
    await screen.findAllByTestId('order');
    await choose(user, 'Status of order BZ-000001', 'Cancelled');

    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByText('Order BZ-000001 set to Cancelled')).toBeNull();
    expect(select('Status of order BZ-000001')).toHaveValue('Not Processed');
  });

  it('filters by status', async () => {
    const calls: AdminOrdersQueryVariables[] = [];
    const { user } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS), calls)] });
    await screen.findAllByTestId('order');
    expect(calls[0]).toEqual({ page: 1, pageSize: ORDERS_PAGE_SIZE, ...NO_FILTERS });

    await choose(user, 'Status', 'Delivered');
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(1));
    expect(main().getByRole('cell', { name: 'Ravi Kumar' })).toBeInTheDocument();
    expect(main().queryByRole('cell', { name: 'Asha Rao' })).toBeNull();
    expect(calls.at(-1)).toEqual({
      page: 1,
      pageSize: ORDERS_PAGE_SIZE,
      ...NO_FILTERS,
      status: 'DELIVERED',
    });
  });

  it("says 'No orders yet.' when the shop has none", async () => {
    renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer([]))] });
    expect(await main().findByText(ORDERS_TEXT.none)).toBeInTheDocument();
  });

  it('says no orders match when there are none of that status', async () => {
    const { user } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS))] });
    await screen.findAllByTestId('order');
    await choose(user, 'Status', 'Processing');
    expect(await main().findByText(ORDERS_TEXT.noneMatch)).toBeInTheDocument();
    expect(main().queryByText(ORDERS_TEXT.none)).toBeNull();
  });

  it('pages through many orders, each named by its number', async () => {
    const firstOfPage3 = 2 * ORDERS_PAGE_SIZE + 1;
    const many = Array.from({ length: 2 * ORDERS_PAGE_SIZE + 5 }, (_, i) =>
      order(i + 1, {
        buyer: {
          __typename: 'User',
          id: `u${i + 1}`,
          name: `Buyer ${i + 1}`,
          email: `buyer${i + 1}@example.in`,
          phone: '9876543210',
        },
      }),
    );
    const calls: AdminOrdersQueryVariables[] = [];
    const { user } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(many), calls)] });
    expect(await screen.findAllByTestId('order')).toHaveLength(ORDERS_PAGE_SIZE);

    await user.click(main().getByRole('button', { name: '3' }));
    await main().findByRole('cell', { name: `Buyer ${firstOfPage3}` });
    expect(screen.getAllByTestId('order')).toHaveLength(5);
    const firstRow = within(screen.getAllByTestId('order')[0]).getAllByRole('row')[1];
    const number = orderNumberText(firstOfPage3);
    expect(within(firstRow).getAllByRole('cell')[0]).toHaveTextContent(number);
    expect(select(`Status of order ${number}`)).toHaveValue('Not Processed');
    expect(calls.at(-1)).toEqual({ page: 3, pageSize: ORDERS_PAGE_SIZE, ...NO_FILTERS });
  });

  it('shows no pagination for one page of orders', async () => {
    renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS))] });
    await screen.findAllByTestId('order');
    expect(main().queryByRole('button', { name: '2' })).toBeNull();
  });

  it('keeps the filters in the URL and asks for those orders, the buyer once typing pauses', async () => {
    const calls: AdminOrdersQueryVariables[] = [];
    const { user, router } = renderAsAdmin(PATH, {
      mocks: [adminOrdersMock(answer(ORDERS), calls)],
    });
    await screen.findAllByTestId('order');
    await choose(user, 'Status', 'Delivered');
    await user.type(main().getByLabelText('From'), '2024-03-01');
    await user.type(main().getByLabelText('To'), '2024-03-31');
    await waitFor(() =>
      expect(router.state.location.search).toBe('?status=DELIVERED&from=2024-03-01&to=2024-03-31'),
    );
    await user.type(main().getByLabelText('Buyer'), 'ravi');

    await waitFor(() =>
      expect(router.state.location.search).toBe(
        '?status=DELIVERED&from=2024-03-01&to=2024-03-31&buyer=ravi',
      ),
    );
    await waitFor(() =>
      expect(calls.at(-1)).toEqual({
        page: 1,
        pageSize: ORDERS_PAGE_SIZE,
        status: 'DELIVERED',
        from: '2024-03-01',
        to: '2024-03-31',
        buyer: 'ravi',
        number: null,
      }),
    );
    // One request for the buyer typed, none for each letter on the way.
    expect(calls.map((call) => call.buyer).filter(Boolean)).toEqual(['ravi']);
    expect(await screen.findAllByTestId('order')).toHaveLength(1);
    expect(main().getByRole('cell', { name: 'Ravi Kumar' })).toBeInTheDocument();
  });

  it('opens with the filters its URL holds, as a dashboard card links to it', async () => {
    const calls: AdminOrdersQueryVariables[] = [];
    renderAsAdmin(`${PATH}?status=NOT_PROCESSED&from=2024-03-01&to=2024-03-05&buyer=asha&page=1`, {
      mocks: [adminOrdersMock(answer(ORDERS), calls)],
    });
    expect(await screen.findAllByTestId('order')).toHaveLength(1);
    expect(calls).toEqual([
      {
        page: 1,
        pageSize: ORDERS_PAGE_SIZE,
        status: 'NOT_PROCESSED',
        from: '2024-03-01',
        to: '2024-03-05',
        buyer: 'asha',
        number: null,
      },
    ]);
    expect(select('Status')).toHaveValue('Not Processed');
    expect(main().getByLabelText('From')).toHaveValue('2024-03-01');
    expect(main().getByLabelText('To')).toHaveValue('2024-03-05');
    expect(main().getByLabelText('Buyer')).toHaveValue('asha');
  });

  it('ignores what in its URL names no status or day', async () => {
    const calls: AdminOrdersQueryVariables[] = [];
    renderAsAdmin(`${PATH}?status=LOST&from=yesterday`, {
      mocks: [adminOrdersMock(answer(ORDERS), calls)],
    });
    expect(await screen.findAllByTestId('order')).toHaveLength(2);
    expect(calls[0]).toEqual({ page: 1, pageSize: ORDERS_PAGE_SIZE, ...NO_FILTERS });
  });

  it("shows the server's reason when it refuses the dates", async () => {
    const refused = mockOf(AdminOrdersDocument, {
      variables: () => true,
      result: graphQLErrorResult(ORDER_FILTER_RULES.dateOrder),
      maxUsageCount: Number.POSITIVE_INFINITY,
    });
    renderAsAdmin(`${PATH}?from=2024-03-31&to=2024-03-01`, { mocks: [refused] });
    expect(await main().findByText(ORDER_FILTER_RULES.dateOrder)).toBeInTheDocument();
    expect(screen.queryAllByTestId('order')).toHaveLength(0);
  });

  describe('shipping with a courier and AWB', () => {
    const courierOf = (dialog: ReturnType<typeof within>) =>
      dialog
        .getAllByLabelText(/Courier/)
        .filter((element: HTMLElement) => element.matches('input'))[0];
    const processing = order(1, { status: 'PROCESSING', nextStatuses: NEXT_STATUSES.PROCESSING });
    const onItsWay = order(3, {
      status: 'SHIPPED',
      nextStatuses: NEXT_STATUSES.SHIPPED,
      shipment: shipment({ courier: 'Blue Dart', trackingNumber: 'BD1234567' }),
    });

    it('asks the courier and AWB when an order is marked Shipped, checks the AWB, then ships it', async () => {
      const calls: unknown[] = [];
      const ship = mockOf(SetOrderStatusDocument, {
        variables: () => true,
        result: (variables) => {
          calls.push(variables);
          const after = {
            ...processing,
            status: 'SHIPPED' as const,
            nextStatuses: NEXT_STATUSES.SHIPPED,
            shipment: shipment(),
          };
          return { data: { setOrderStatus: after } };
        },
      });
      const { user } = renderAsAdmin(PATH, {
        mocks: [adminOrdersMock(answer([processing])), ship],
      });
      await screen.findAllByTestId('order');
      await choose(user, 'Status of order BZ-000001', 'Shipped');
      const dialog = within(await screen.findByRole('dialog', { name: 'Ship order BZ-000001' }));
      await user.click(courierOf(dialog));
      await user.click(await screen.findByRole('option', { name: 'Delhivery' }));
      await user.type(dialog.getByRole('textbox', { name: /Tracking number/ }), 'AB 12');
      await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));
      expect(await dialog.findByText(SHIPMENT_RULES.trackingNumber.message)).toBeInTheDocument();
      expect(calls).toEqual([]);

      await user.clear(dialog.getByRole('textbox', { name: /Tracking number/ }));
      await user.type(dialog.getByRole('textbox', { name: /Tracking number/ }), '1234567890123');
      await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));
      expect(await screen.findByText('Order BZ-000001 marked shipped')).toBeInTheDocument();
      expect(calls).toEqual([
        {
          orderId: 'o1',
          status: 'SHIPPED',
          shipment: { courier: 'Delhivery', trackingNumber: '1234567890123' },
        },
      ]);
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    });

    it("keeps the dialog open with the server's refusal", async () => {
      const refusal = "courier: Delhivery is not one of the shop's couriers";
      const refused = mockOf(SetOrderStatusDocument, {
        variables: () => true,
        result: graphQLErrorResult(refusal),
      });
      const { user } = renderAsAdmin(PATH, {
        mocks: [adminOrdersMock(answer([processing])), refused],
      });
      await screen.findAllByTestId('order');
      await choose(user, 'Status of order BZ-000001', 'Shipped');
      const dialog = within(await screen.findByRole('dialog', { name: 'Ship order BZ-000001' }));
      await user.click(courierOf(dialog));
      await user.click(await screen.findByRole('option', { name: 'Delhivery' }));
      await user.type(dialog.getByRole('textbox', { name: /Tracking number/ }), 'DL12345678');
      await user.click(dialog.getByRole('button', { name: 'Mark shipped' }));
      expect(await dialog.findByRole('alert')).toHaveTextContent(refusal);
      expect(screen.getByRole('dialog')).toBeInTheDocument();
    });

    it('corrects the courier and AWB of a shipped order, starting from those it has', async () => {
      const calls: unknown[] = [];
      const correct = mockOf(SetOrderShipmentDocument, {
        variables: () => true,
        result: (variables) => {
          calls.push(variables);
          return { data: { setOrderShipment: onItsWay } };
        },
      });
      const { user } = renderAsAdmin(PATH, {
        mocks: [adminOrdersMock(answer([onItsWay])), correct],
      });
      const card = within((await screen.findAllByTestId('order'))[0]);
      expect(card.getByTestId('order-shipment')).toHaveTextContent('BD1234567');
      await user.click(
        card.getByRole('button', { name: /^(Add|Edit) tracking of order BZ-000003$/ }),
      );
      const dialog = within(
        await screen.findByRole('dialog', { name: 'Tracking of order BZ-000003' }),
      );
      expect(courierOf(dialog)).toHaveValue('Blue Dart');
      const awb = dialog.getByRole('textbox', { name: /Tracking number/ });
      expect(awb).toHaveValue('BD1234567');
      await user.clear(awb);
      await user.type(awb, 'BD7654321');
      await user.click(dialog.getByRole('button', { name: 'Save tracking' }));
      expect(await screen.findByText('Tracking of order BZ-000003 saved')).toBeInTheDocument();
      expect(calls).toEqual([
        { orderId: 'o3', shipment: { courier: 'Blue Dart', trackingNumber: 'BD7654321' } },
      ]);
    });
  });

  it('finds an order by its number, kept in the URL', async () => {
    const calls: AdminOrdersQueryVariables[] = [];
    const byNumber = (variables: AdminOrdersQueryVariables) =>
      variables.number
        ? { items: ORDERS.filter((one) => one.number === variables.number), total: 1 }
        : answer(ORDERS)(variables);
    const { user, router } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(byNumber, calls)] });
    expect(await screen.findAllByTestId('order')).toHaveLength(2);
    await user.type(main().getByLabelText(ORDERS_TEXT.numberSearch), 'BZ-000002{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe('?number=BZ-000002'));
    await waitFor(() => expect(screen.getAllByTestId('order')).toHaveLength(1));
    expect(calls.at(-1)).toEqual({
      page: 1,
      pageSize: ORDERS_PAGE_SIZE,
      ...NO_FILTERS,
      number: 'BZ-000002',
    });
  });

  describe('couriers', () => {
    it('lists the couriers, and saves them edited', async () => {
      const calls: unknown[] = [];
      const save = mockOf(SetCouriersDocument, {
        variables: () => true,
        result: (variables) => {
          calls.push(variables);
          return { data: { setCouriers: variables.couriers as typeof COURIER_LIST } };
        },
      });
      const { user } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS)), save] });
      const url = await main().findByLabelText(COURIERS.trackingUrl(1));
      expect(main().getByLabelText(COURIERS.name(0))).toHaveValue('Delhivery');
      await user.clear(url);
      await user.type(url, 'https://bluedart.example/t/{{awb}');
      await user.click(main().getByRole('button', { name: COURIERS.remove(0) }));
      await user.click(main().getByRole('button', { name: COURIERS.save }));
      expect(await screen.findByText(COURIERS.saved)).toBeInTheDocument();
      expect(calls).toEqual([
        { couriers: [{ name: 'Blue Dart', trackingUrl: 'https://bluedart.example/t/{awb}' }] },
      ]);
    });

    it("shows the server's refusal, naming the courier at fault", async () => {
      const refusal = 'couriers[0].trackingUrl: an https address of at most 300 characters';
      const refused = mockOf(SetCouriersDocument, {
        variables: () => true,
        result: graphQLErrorResult(refusal),
      });
      const { user } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS)), refused] });
      await main().findByLabelText(COURIERS.name(0));
      await user.click(main().getByRole('button', { name: COURIERS.save }));
      expect(await main().findByRole('alert')).toHaveTextContent(refusal);
    });
  });

  describe('Export CSV', () => {
    const objectUrls = stubObjectUrls((n) => `blob:orders-${n}`);
    const downloads: { href: string; download: string }[] = [];
    beforeEach(() => {
      downloads.length = 0;
      vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        downloads.push({ href: this.href, download: this.download });
      });
    });
    afterEach(() => {
      vi.restoreAllMocks();
      vi.unstubAllGlobals();
    });

    it('downloads the filtered orders with the token, under the name the server gives', async () => {
      const fetched = vi.fn(
        async (_url: string, _init?: RequestInit) =>
          new Response('order,date,status\n', {
            headers: {
              'Content-Type': 'text/csv; charset=utf-8',
              'Content-Disposition': 'attachment; filename="orders-2024-03-06.csv"',
            },
          }),
      );
      vi.stubGlobal('fetch', fetched);
      const { user } = renderAsAdmin(`${PATH}?status=SHIPPED&buyer=asha`, {
        mocks: [adminOrdersMock(answer(ORDERS))],
      });
      await main().findByText(ORDERS_TEXT.noneMatch);
      await user.click(main().getByRole('button', { name: ORDERS_TEXT.exportCsv }));

      expect(await screen.findByText('orders-2024-03-06.csv downloaded')).toBeInTheDocument();
      expect(fetched).toHaveBeenCalledTimes(1);
      const [url, init] = fetched.mock.calls[0];
      expect(url).toBe('/api/v1/order/export.csv?status=Shipped&buyer=asha');
      expect(new Headers(init?.headers).get('Authorization')).toBe('token-123');
      expect(downloads).toEqual([{ href: 'blob:orders-1', download: 'orders-2024-03-06.csv' }]);
      expect(objectUrls.created).toEqual(['blob:orders-1']);
    });

    it('exports the buyer as typed, even before the list has caught up with it', async () => {
      const fetched = vi.fn(async (_url: string, _init?: RequestInit) => new Response('order\n'));
      vi.stubGlobal('fetch', fetched);
      const { user } = renderAsAdmin(`${PATH}?status=SHIPPED&buyer=asha`, {
        mocks: [adminOrdersMock(answer(ORDERS))],
      });
      await main().findByText(ORDERS_TEXT.noneMatch);
      await user.clear(main().getByLabelText('Buyer'));
      await user.click(main().getByRole('button', { name: ORDERS_TEXT.exportCsv }));
      await waitFor(() => expect(fetched).toHaveBeenCalledTimes(1));
      expect(fetched.mock.calls[0][0]).toBe('/api/v1/order/export.csv?status=Shipped');
    });

    it('says why when the server refuses, and saves nothing', async () => {
      vi.stubGlobal(
        'fetch',
        vi.fn(async () =>
          Response.json({ success: false, message: 'Only for administrators' }, { status: 403 }),
        ),
      );
      const { user } = renderAsAdmin(PATH, { mocks: [adminOrdersMock(answer(ORDERS))] });
      await screen.findAllByTestId('order');
      await user.click(main().getByRole('button', { name: ORDERS_TEXT.exportCsv }));
      expect(await screen.findByText('Only for administrators')).toBeInTheDocument();
      expect(downloads).toEqual([]);
      expect(objectUrls.created).toEqual([]);
    });
  });
});
