import { Pagination } from '@mantine/core';

interface PagerProps {
  /** How many items there are over all pages. */
  total: number;
  pageSize: number;
  page: number;
  onChange(page: number): void;
}

/** Page numbers under a paged list; nothing when one page holds everything. */
export function Pager({ total, pageSize, page, onChange }: PagerProps) {
  if (total <= pageSize) return null;
  return (
    <Pagination mt="lg" total={Math.ceil(total / pageSize)} value={page} onChange={onChange} />
  );
}
