import { MAX_PAGE_SIZE, STOREFRONT_PAGE_SIZE } from '../shared/rules';
import { badInput } from './shop-error';

export interface PageRequest {
  page: number;
  pageSize: number;
}

export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
  hasMore: boolean;
}

/** Pages count from 1; sizes are capped so no request can ask for the whole table. */
export function pageRequest(page = 1, pageSize = STOREFRONT_PAGE_SIZE): PageRequest {
  if (!Number.isInteger(page) || page < 1 || page > 100_000) {
    throw badInput('Page must be a whole number from 1');
  }
  if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
    throw badInput(`Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}`);
  }
  return { page, pageSize };
}

export function skipOf({ page, pageSize }: PageRequest): number {
  return (page - 1) * pageSize;
}

export function pageOf<T>(items: T[], total: number, request: PageRequest): Page<T> {
  return { items, total, ...request, hasMore: skipOf(request) + items.length < total };
}
