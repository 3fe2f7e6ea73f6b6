import { orderNumberText } from '@shop/rules';
import { GraphQLError } from 'graphql';
import {
  AdminOrderDocument,
  AdminOrdersDocument,
  CartQuoteDocument,
  CartStockDocument,
  CouriersDocument,
  MyOrdersDocument,
  OrderByNumberDocument,
  PaymentOptionsDocument,
  PayOrderDocument,
  PlaceOrderDocument,
} from '../gql/graphql';
import type {
  AdminOrderDetailFieldsFragment,
  AdminOrderFieldsFragment,
  AdminOrdersQueryVariables,
  CartQuoteQuery,
  CartQuoteQueryVariables,
  DeliveryAddressFieldsFragment,
  CartStockQuery,
  OrderAdjustmentFieldsFragment,
  OrderDetailFieldsFragment,
  OrderFieldsFragment,
  OrderStatus,
  PaymentOptionsQueryVariables,
  PayOrderMutationVariables,
  PlaceOrderMutationVariables,
  ShipmentFieldsFragment,
} from '../gql/graphql';
import { Answer, graphQLErrorResult, mockOf, product, ProductFixture, SHOPPER } from './fixtures';

/** Orders, order lines and the mocks of the cart, checkout and orders screens. */

export type OrderFixture = Answer<OrderFieldsFragment>;
export type OrderDetailFixture = Answer<OrderDetailFieldsFragment>;
export type OrderLineFixture = OrderFixture['lines'][number];
export type OrderStatusChangeFixture = OrderFixture['history'][number];

export type PaymentFixture = OrderDetailFixture['payment'];

/** When the tests' unpaid orders stop holding their stock: far ahead, so still payable. */
export const PAY_BY = '2099-01-01T00:00:00.000Z';

/**
 * An order's payment as the server answers it, with the order page's fields too (no open
 * attempt): paid by card unless `changes` say otherwise.
 */
export function payment(changes: Partial<PaymentFixture> = {}): PaymentFixture {
  return {
    __typename: 'OrderPayment',
    success: true,
    message: null,
    refunded: false,
    state: 'PAID',
    method: 'CARD',
    expiresAt: null,
    refunds: [],
    upiLink: null,
    payerPageUrl: null,
    ...changes,
  };
}

export const DECLINED: PaymentFixture = payment({
  success: false,
  // The demo processor's words for its declined test card.
  message: 'Card declined',
  state: 'FAILED',
  expiresAt: PAY_BY,
});

/** A UPI link as the server makes it for an order, and the demo gateway's payer page. */
export const UPI_LINK = 'upi://pay?pa=shop@okaxis&pn=Shop&am=1548.00&cu=INR&tr=pay_1&tn=BZ-000100';

/** A UPI payment waiting for the payer's app. */
export const UPI_PENDING: PaymentFixture = payment({
  success: false,
  state: 'PENDING',
  method: 'UPI',
  expiresAt: PAY_BY,
  upiLink: UPI_LINK,
  payerPageUrl: '/demo-gateway/pay/pay_1',
});

/** The moves the server offers an admin for a paid order in each status. */
export const NEXT_STATUSES: Record<OrderStatus, OrderStatus[]> = {
  NOT_PROCESSED: ['PROCESSING', 'CANCELLED'],
  PROCESSING: ['SHIPPED', 'CANCELLED'],
  SHIPPED: ['DELIVERED'],
  DELIVERED: [],
  CANCELLED: [],
};

export function statusChange(
  from: OrderStatus,
  to: OrderStatus,
  byName: string,
  at: string,
): OrderStatusChangeFixture {
  return { __typename: 'OrderStatusChange', from, to, byName, at };
}

/** A line of `quantity` units of `item`, at the product's price, `discount` rupees off it. */
export function orderLine(item: ProductFixture, quantity: number, discount = 0): OrderLineFixture {
  return {
    __typename: 'OrderLine',
    name: item.name,
    price: item.price,
    quantity,
    discount,
    product: {
      __typename: 'Product',
      id: item.id,
      slug: item.slug,
      description: item.description,
      photoUrl: item.photoUrl,
      photo: item.photo,
    },
  };
}

/** A shipment as the server answers it, with Delhivery's tracking link by default. */
export function shipment(changes: Partial<ShipmentFieldsFragment> = {}): OrderFixture['shipment'] {
  const trackingNumber = changes.trackingNumber ?? '1234567890123';
  return {
    __typename: 'Shipment',
    courier: 'Delhivery',
    trackingNumber,
    shippedAt: '2024-03-07T06:30:00.000Z',
    trackingUrl: `https://www.delhivery.com/track/package/${trackingNumber}`,
    ...changes,
  };
}

export type OrderDiscountFixture = OrderFixture['discounts'][number];

/** A coupon (by its code) or an offer (by its name) applied, saving `amount` rupees. */
export const orderDiscount = (
  kind: 'coupon' | 'offer',
  name: string,
  amount: number,
): OrderDiscountFixture => ({ __typename: 'OrderDiscount', kind, name, amount });

/**
 * An order as the server would answer it, numbered BZ-00000n: its moves and cancel flag
 * follow its status and payment; its discount is its lines' (none unless they have one).
 */
export function order(n: number, overrides: Partial<OrderFixture> = {}): OrderFixture {
  const lines = overrides.lines ?? [orderLine(product(1), 2), orderLine(product(2), 1)];
  const status = overrides.status ?? 'NOT_PROCESSED';
  const paid = ['PAID', 'DUE_ON_DELIVERY', 'COLLECTED'].includes(
    overrides.payment?.state ?? 'PAID',
  );
  const shippingCharge = overrides.shippingCharge ?? 0;
  const goods = lines.reduce((sum, line) => sum + line.price * line.quantity, 0);
  const discount = lines.reduce((sum, line) => sum + line.discount, 0);
  return {
    __typename: 'Order',
    id: `o${n}`,
    number: orderNumberText(n),
    status,
    total: goods - discount + shippingCharge,
    goods,
    discount,
    coupon: null,
    discounts: [],
    shippingCharge,
    address: SHOPPER.address,
    createdAt: '2024-03-05T12:00:00.000Z',
    buyer: { __typename: 'User', id: SHOPPER.id, name: SHOPPER.name },
    payment: payment(),
    nextStatuses: paid ? NEXT_STATUSES[status] : [],
    buyerMayCancel: paid && status === 'NOT_PROCESSED',
    history: [],
    shipment: null,
    tax: null,
    ...overrides,
    lines,
  };
}

export type AdjustmentsFixture = Omit<Answer<OrderAdjustmentFieldsFragment>, 'lines' | 'payment'>;

/**
 * Nothing changed since `shown` was placed: nothing cancelled, returned or refunded, nothing to
 * return now; a cash buyer still owes the total, and a paid order took it.
 */
export function noAdjustments(shown: Pick<OrderFixture, 'total' | 'payment'>): AdjustmentsFixture {
  return {
    amountDue: shown.payment.state === 'DUE_ON_DELIVERY' ? shown.total : 0,
    amountPaid: ['PAID', 'COLLECTED'].includes(shown.payment.state) ? shown.total : 0,
    refundedAmount: 0,
    lineCancels: [],
    returns: [],
    returnOffer: null,
  };
}

/**
 * An order with its delivery address and expected delivery (none unless `detail` gives them),
 * and what its own page asks of each line: the variant's options and SKU as bought,
 * and its photo (the product's, here).
 */
export function orderDetail(
  n: number,
  overrides: Partial<OrderFixture> = {},
  choices: { name: string; value: string }[][] = [],
  detail: Partial<
    Pick<OrderDetailFixture, 'deliveryAddress' | 'expectedDelivery'> & AdjustmentsFixture
  > = {},
): OrderDetailFixture {
  const shown = order(n, overrides);
  return {
    ...shown,
    payment: payment(shown.payment),
    deliveryAddress: null,
    expectedDelivery: null,
    taxDocuments: [],
    ...noAdjustments(shown),
    ...detail,
    lines: shown.lines.map((line, at) => ({
      ...line,
      cancelled: 0,
      sku: `SKU-${n}-${at + 1}`,
      choices: (choices[at] ?? []).map((choice) => ({ __typename: 'OrderLineChoice', ...choice })),
      photo: line.product?.photo ?? null,
    })),
  };
}

/** OrderByNumber answering `answer` for `number` (an order, or the server's refusal). */
export function orderByNumberMock(
  number: string,
  answer: OrderDetailFixture | { code: 'NOT_FOUND' | 'BAD_USER_INPUT'; message: string },
  delay?: number,
) {
  return mockOf(OrderByNumberDocument, {
    variables: { number },
    result:
      'code' in answer
        ? { errors: [new GraphQLError(answer.message, { extensions: { code: answer.code } })] }
        : { data: { order: answer } },
    maxUsageCount: Number.POSITIVE_INFINITY,
    ...(delay !== undefined && { delay }),
  });
}

/** The shop's couriers, as the admin's screens read them. */
export const COURIER_LIST = [
  { name: 'Delhivery', trackingUrl: 'https://www.delhivery.com/track/package/{awb}' },
  { name: 'Blue Dart', trackingUrl: 'https://www.bluedart.com/track?awb={awb}' },
];

export function couriersMock(couriers = COURIER_LIST) {
  return mockOf(CouriersDocument, {
    result: {
      data: {
        couriers: couriers.map((courier) => ({ __typename: 'Courier' as const, ...courier })),
      },
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

export type AdminOrderFixture = Answer<AdminOrderFieldsFragment>;
export type DeliveryFixture = Answer<DeliveryAddressFieldsFragment>;

/** An address copied onto an order at checkout, with `changes`. */
export function delivery(changes: Partial<DeliveryFixture> = {}): DeliveryFixture {
  return {
    __typename: 'DeliveryAddress',
    name: 'Asha Menon',
    mobile: '9845012345',
    line1: '12 MG Road',
    line2: 'Shanthala Nagar',
    landmark: 'Near Cubbon Park',
    city: 'Bengaluru',
    stateCode: '29',
    state: 'Karnataka',
    pin: '560001',
    ...changes,
  };
}

/**
 * An order as the admin's list asks for it: the buyer's e-mail and phone, and the address
 * copied at checkout (none by default: an order placed with a text address).
 */
export function adminOrder(
  n: number,
  overrides: Partial<AdminOrderFixture> = {},
): AdminOrderFixture {
  const { buyer, deliveryAddress, ...rest } = overrides;
  return {
    ...order(n, rest as Partial<OrderFixture>),
    returns: rest.returns ?? [],
    deliveryAddress: deliveryAddress ?? null,
    buyer:
      buyer === undefined
        ? {
            __typename: 'User',
            id: SHOPPER.id,
            name: SHOPPER.name,
            email: SHOPPER.email,
            phone: SHOPPER.phone,
          }
        : buyer,
  };
}

export function myOrdersMock(orders: OrderFixture[], delay?: number) {
  return mockOf(MyOrdersDocument, {
    result: { data: { myOrders: orders } },
    maxUsageCount: Number.POSITIVE_INFINITY,
    ...(delay !== undefined && { delay }),
  });
}

export type StockFixture = Answer<CartStockQuery['productsByIds'][number]>;

export function stock(item: ProductFixture, changes: Partial<StockFixture> = {}): StockFixture {
  return {
    __typename: 'Product',
    id: item.id,
    name: item.name,
    price: item.price,
    quantity: item.quantity,
    options: item.options.map(({ name }) => ({ __typename: 'ProductOption', name })),
    variants: [
      {
        __typename: 'ProductVariant',
        id: `v-${item.id}`,
        price: item.price,
        quantity: item.quantity,
        onSale: true,
      },
    ],
    ...changes,
  };
}

/**
 * CartStock as the server answers it: the products asked for that it still has, whatever the
 * ids (the cart page asks again when a line goes).
 */
export function cartStockMock(known: StockFixture[]) {
  return mockOf(CartStockDocument, {
    variables: () => true,
    result: ({ ids }) => ({
      data: { productsByIds: known.filter((item) => [ids].flat().includes(item.id)) },
    }),
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

/** What shipping costs in the tests' shop, in rupees: the demo shop's flat charge and threshold. */
export const SHIPPING = { flat: 49, freeFrom: 499 } as const;

const rupees = (amount: number) => Math.round(amount * 100) / 100;

export type HintFixture = Answer<CartQuoteQuery['cartQuote']['hints'][number]>;

/** What the tests' server answers for a code: the rupees it saves, or why it does not apply. */
export type CouponFixture = { saves: number } | { refused: string };

export interface QuoteOptions {
  /** Codes the server knows, by their capitals: any other is not a valid code. */
  coupons?: Record<string, CouponFixture>;
  /** Automatic offers the cart meets: each saves its rupees. */
  offers?: { name: string; saves: number }[];
  /** Offers the cart could still get. */
  hints?: HintFixture[];
  /** Rupees of GST within the total; none by default. */
  tax?: number;

  /** Each request's variables are pushed here. */
  calls?: CartQuoteQueryVariables[];
  /** PINs the shop does not deliver to. */
  unserved?: string[];
  /** The flat charge and the threshold, if not SHIPPING's. */
  shipping?: { flat: number; freeFrom: number | null };
}

/** The tests' server's answer about a code (null when none is sent), and what it saves. */
function couponOutcome(code: string | null | undefined, coupons: QuoteOptions['coupons'] = {}) {
  if (!code) return { coupon: null, saves: 0 };
  const typed = code.toUpperCase();
  const known = coupons[typed];
  const applied = known !== undefined && 'saves' in known;
  const message =
    known === undefined ? `${typed} is not a valid code` : applied ? null : known.refused;
  return {
    coupon: { __typename: 'CouponOutcome' as const, code: typed, applied, message },
    saves: applied ? known.saves : 0,
  };
}

/**
 * CartQuote as the server answers it, for any lines and PIN: the goods at the prices `known`
 * gives (the shop's prices now, a variant's when named), the offers and the code's saving
 * (`options`) off the first line, shipping by the flat charge below the threshold, nothing
 * from it on.
 */
export function cartQuoteMock(known: StockFixture[], options: QuoteOptions = {}) {
  const { flat, freeFrom } = options.shipping ?? SHIPPING;
  return mockOf(CartQuoteDocument, {
    variables: () => true,
    result: (variables) => {
      options.calls?.push(variables);
      const goods = rupees(
        [variables.lines].flat().reduce((sum, line) => {
          const item = known.find((one) => one.id === line.productId);
          const variant = item?.variants.find((one) => one.id === line.variantId);
          return sum + (variant?.price ?? item?.price ?? 0) * line.quantity;
        }, 0),
      );
      const free = freeFrom !== null && goods >= freeFrom;
      const shipping = free ? 0 : flat;
      const { coupon, saves } = couponOutcome(variables.couponCode, options.coupons);
      const discounts = [
        ...(options.offers ?? []).map((offer) => orderDiscount('offer', offer.name, offer.saves)),
        ...(coupon?.applied ? [orderDiscount('coupon', coupon.code, saves)] : []),
      ];
      const discount = rupees(discounts.reduce((sum, one) => sum + one.amount, 0));
      return {
        data: {
          cartQuote: {
            __typename: 'CartQuote' as const,
            goods,
            discount,
            shipping,
            total: rupees(goods - discount + shipping),
            lines: [variables.lines].flat().map((line, at) => ({
              __typename: 'CartQuoteLine' as const,
              productId: String(line.productId),
              // As the server answers: a product sold one way is priced as its one variant.
              variantId: String(line.variantId ?? `v-${String(line.productId)}`),
              quantity: line.quantity,
              price: known.find((one) => one.id === line.productId)?.price ?? 0,
              discount: at === 0 ? discount : 0,
            })),
            discounts,
            hints: options.hints ?? [],
            coupon,
            freeShippingFrom: freeFrom,
            amountToFreeShipping: freeFrom === null ? null : rupees(Math.max(0, freeFrom - goods)),
            zone: variables.pin ? ('REST_OF_INDIA' as const) : null,
            deliverable: !options.unserved?.includes(variables.pin ?? ''),
            tax:
              options.tax === undefined
                ? null
                : { __typename: 'OrderTax' as const, amount: options.tax },
          },
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

/** The cart page's two questions to the server: the stock and prices now, and the quote. */
export const cartMocks = (known: StockFixture[], options: QuoteOptions = {}) => [
  cartStockMock(known),
  cartQuoteMock(known, options),
];

export interface PlaceOrderOutcome {
  success: boolean;
  message?: string | null;
  /** The payment's state; PAID when `success`, else FAILED. */
  state?: PaymentFixture['state'];
  /** The order the server answers with (default: order 'o100' for the lines sent). */
  order?: OrderFixture;
}

/**
 * PlaceOrder answering every request with `outcome`; each request's variables are pushed to
 * `calls`, so a test can check what the client sent.
 */
export function placeOrderMock(
  outcome: PlaceOrderOutcome | { errorMessage: string } | { error: Error },
  calls: PlaceOrderMutationVariables[],
  delay?: number,
) {
  const base = {
    maxUsageCount: Number.POSITIVE_INFINITY,
    ...(delay !== undefined && { delay }),
  };
  if ('error' in outcome) {
    const matchAndRecord = (variables: PlaceOrderMutationVariables) => {
      calls.push(variables);
      return true;
    };
    return mockOf(PlaceOrderDocument, { ...base, variables: matchAndRecord, error: outcome.error });
  }
  const answer =
    'errorMessage' in outcome
      ? graphQLErrorResult(outcome.errorMessage)
      : {
          data: {
            placeOrder:
              outcome.order ??
              order(100, {
                createdAt: new Date().toISOString(),
                payment: payment({
                  success: outcome.success,
                  message: outcome.message ?? null,
                  state: outcome.state ?? (outcome.success ? 'PAID' : 'FAILED'),
                  expiresAt: outcome.success ? null : PAY_BY,
                }),
              }),
          },
        };
  return mockOf(PlaceOrderDocument, {
    ...base,
    variables: () => true,
    result: (variables) => {
      calls.push(variables);
      return answer;
    },
  });
}

/** AdminOrders answering with `answer(variables)`; the variables are pushed to `calls`. */
export function adminOrdersMock(
  answer: (variables: AdminOrdersQueryVariables) => { items: AdminOrderFixture[]; total: number },
  calls: AdminOrdersQueryVariables[] = [],
) {
  return mockOf(AdminOrdersDocument, {
    variables: () => true,
    result: (variables) => {
      calls.push(variables);
      const { items, total } = answer(variables);
      return { data: { orders: { __typename: 'OrderPage', total, items } } };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

export type PaymentOptionFixture = {
  method: PaymentFixture['method'];
  available: boolean;
  reason: string | null;
  fee: number;
};

/** Every way to pay open, cash on delivery with a ₹25 fee, as the server lists them. */
export const ALL_WAYS: PaymentOptionFixture[] = [
  { method: 'UPI', available: true, reason: null, fee: 0 },
  { method: 'CARD', available: true, reason: null, fee: 0 },
  { method: 'CASH_ON_DELIVERY', available: true, reason: null, fee: 25 },
];

/** PaymentOptions answering `methods` for any PIN and total; the variables are pushed to `calls`. */
export function paymentOptionsMock(
  methods: PaymentOptionFixture[] = ALL_WAYS,
  calls: PaymentOptionsQueryVariables[] = [],
) {
  return mockOf(PaymentOptionsDocument, {
    variables: () => true,
    result: (variables) => {
      calls.push(variables);
      return {
        data: {
          paymentOptions: {
            __typename: 'PaymentOptions' as const,
            methods: methods.map((one) => ({ __typename: 'PaymentOption' as const, ...one })),
            codFee: methods.find((one) => one.method === 'CASH_ON_DELIVERY')?.fee ?? 0,
            codUpTo: 10_000,
            paymentExpiryMinutes: 10,
          },
        },
      };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

/** PayOrder answering `answer` (the order after the attempt, or a refusal); variables to `calls`. */
export function payOrderMock(
  answer: OrderDetailFixture | { errorMessage: string },
  calls: PayOrderMutationVariables[] = [],
) {
  return mockOf(PayOrderDocument, {
    variables: () => true,
    result: (variables) => {
      calls.push(variables);
      return 'errorMessage' in answer
        ? graphQLErrorResult(answer.errorMessage)
        : { data: { payOrder: answer } };
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

export type ReturnFixture = AdjustmentsFixture['returns'][number];

/** A return as the server answers it: one unit of the order's first line, asked for, ₹1,250. */
export function orderReturn(number: number, changes: Partial<ReturnFixture> = {}): ReturnFixture {
  return {
    __typename: 'OrderReturn',
    number,
    lines: [{ __typename: 'ReturnLine', line: 0, quantity: 1 }],
    reason: 'The size is too small',
    state: 'REQUESTED',
    amount: 1250,
    note: null,
    requestedAt: '2024-03-12T06:30:00.000Z',
    decidedAt: null,
    receivedAt: null,
    ...changes,
  };
}

/** What the buyer may return until `until`: `units` of each line by its place. */
export function returnOffer(
  until: string,
  units: Record<number, number>,
): NonNullable<AdjustmentsFixture['returnOffer']> {
  return {
    __typename: 'ReturnOffer',
    until,
    lines: Object.entries(units).map(([line, count]) => ({
      __typename: 'ReturnableLine',
      line: Number(line),
      units: count,
    })),
  };
}

/** A refund as the server answers it (a cash order's with its transfer reference). */
export function refund(
  amount: number,
  state = 'processed',
  reference: string | null = null,
): PaymentFixture['refunds'][number] {
  return { __typename: 'OrderRefund', amount, state, at: '2024-03-13T06:30:00.000Z', reference };
}

export type AdminOrderDetailFixture = Answer<AdminOrderDetailFieldsFragment>;

/**
 * An order as the admin's page of it asks for it: the list's fields, nothing changed since it
 * was placed unless `detail` says so, each line's SKU and (no) options.
 */
export function adminOrderDetail(
  n: number,
  overrides: Partial<AdminOrderFixture> = {},
  detail: Partial<AdjustmentsFixture> = {},
): AdminOrderDetailFixture {
  const shown = adminOrder(n, overrides);
  return {
    ...shown,
    taxDocuments: [],
    ...noAdjustments(shown),
    ...detail,
    returns: detail.returns ?? shown.returns.map((ret) => orderReturn(ret.number, ret)),
    payment: payment(shown.payment),
    lines: shown.lines.map((line, at) => ({
      ...line,
      cancelled: 0,
      sku: `SKU-${n}-${at + 1}`,
      choices: [],
    })),
  };
}

/** AdminOrder answering `answer` for `number`. */
export function adminOrderMock(number: string, answer: () => AdminOrderDetailFixture) {
  return mockOf(AdminOrderDocument, {
    variables: { number },
    result: () => ({ data: { order: answer() } }),
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}
