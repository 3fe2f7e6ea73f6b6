import { Pagination } from '@mantine/core';

interface PagerProps {
  /** How many items there are over all pages. */
  total: number;
  pageSize: number;
  page: number;
  onChange(page: number): void;
}

/** What the arrows of the page numbers say to a screen reader (they show only an arrow). */
const CONTROL_NAMES = {
  first: 'First page',
  previous: 'Previous page',
  next: 'Next page',
  last: 'Last page',
} as const;

/** Page numbers under a paged list; nothing when one page holds everything. */
export function Pager({ total, pageSize, page, onChange }: PagerProps) {
  if (total <= pageSize) return null;
  return (
    <Pagination
      mt="lg"
      total={Math.ceil(total / pageSize)}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': CONTROL_NAMES[control] })}
    />
  );
}
