import type { OrderStatus, StockLevel } from '../../gql/graphql';
import { ORDER_STATUS_LABELS } from '../../lib/order-status';
import { paths } from '../../lib/routes';

/**
 * The admin's lists as their URLs hold them, so a reload, a shared link or a card of the
 * dashboard opens the same list, and the files the lists export. One module, as the
 * dashboard links to every list: each lazy page then shares one small chunk.
 */

/** Files the server hands the admin (REST, signed in: see lib/download.ts). */
export const ADMIN_FILES = {
  ordersCsv: '/api/v1/order/export.csv',
  productsCsv: '/api/v1/product/export.csv',
  productImportSample: '/api/v1/product/import-sample.csv',
} as const;

/** `path` with the query `params` holds, if any. */
function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

/**
 * Which orders the admin's list shows:
 * `?status=PROCESSING&from=2026-11-01&to=2026-11-25&buyer=priya&page=2`. Dates are the shop's
 * days, "YYYY-MM-DD", both included; the buyer is part of a name or an e-mail; `number`, an
 * order's number (BZ-000123), shows that order alone.
 */
export interface OrderFilters {
  status: OrderStatus | null;
  from: string;
  to: string;
  buyer: string;
  number: string;
}

export interface OrderListView extends OrderFilters {
  /** From 1. */
  page: number;
}

const NO_ORDER_FILTERS: OrderFilters = { status: null, from: '', to: '', buyer: '', number: '' };

const STATUSES = Object.keys(ORDER_STATUS_LABELS) as OrderStatus[];
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The view a URL holds; what names no status or day is ignored. */
export function orderListViewOf(params: URLSearchParams): OrderListView {
  const get = (name: string) => params.get(name)?.trim() ?? '';
  const status = get('status') as OrderStatus;
  const page = Number(get('page'));
  const day = (name: string) => (DAY.test(get(name)) ? get(name) : '');
  return {
    status: STATUSES.includes(status) ? status : null,
    from: day('from'),
    to: day('to'),
    buyer: get('buyer'),
    number: get('number'),
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** The query of a view; what is at its default is left out. */
export function orderListParams({ page = 1, ...filters }: Partial<OrderListView>): URLSearchParams {
  const params = new URLSearchParams();
  const { status, from, to, buyer, number } = { ...NO_ORDER_FILTERS, ...filters };
  if (status) params.set('status', status);
  if (from) params.set('from', from);
  if (to) params.set('to', to);
  if (buyer.trim()) params.set('buyer', buyer.trim());
  if (number.trim()) params.set('number', number.trim());
  if (page > 1) params.set('page', String(page));
  return params;
}

/** The admin's orders list showing these orders, e.g. a status card's link. */
export const adminOrdersPath = (filters: Partial<OrderFilters>): string =>
  withQuery(paths.adminOrders, orderListParams(filters));

/**
 * The CSV file of the orders these filters show (every page). REST names a status as the
 * shop writes it ('Not Processed'), where GraphQL and this page's URL say NOT_PROCESSED.
 */
export function ordersCsvUrl(filters: OrderFilters): string {
  const params = orderListParams(filters);
  if (filters.status) params.set('status', ORDER_STATUS_LABELS[filters.status]);
  return withQuery(ADMIN_FILES.ordersCsv, params);
}

/** The admin's product list by stock level: `?stock=LOW_STOCK`. */
export const STOCK_PARAM = 'stock';

const LEVELS: readonly StockLevel[] = ['OUT_OF_STOCK', 'LOW_STOCK', 'IN_STOCK'];

/** The stock level the URL names, or none (every product). */
export function stockLevelOf(params: URLSearchParams): StockLevel | null {
  const level = params.get(STOCK_PARAM) as StockLevel | null;
  return level && LEVELS.includes(level) ? level : null;
}

/** The admin's product list showing the products at this stock level (all: none). */
export function adminProductsPath(stock: StockLevel | null): string {
  const params = new URLSearchParams();
  if (stock) params.set(STOCK_PARAM, stock);
  return withQuery(paths.adminProducts, params);
}
