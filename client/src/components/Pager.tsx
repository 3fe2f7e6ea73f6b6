import { Pagination } from '@mantine/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';

interface PagerProps {
  /** How many items there are over all pages. */
  total: number;
  pageSize: number;
  page: number;
  onChange(page: number): void;
}

/** What the arrows of the page numbers say to a screen reader (they show only an arrow). */
const CONTROL_NAMES = {
  first: msg`First page`,
  previous: msg`Previous page`,
  next: msg`Next page`,
  last: msg`Last page`,
} as const;

/** Page numbers under a paged list; nothing when one page holds everything. */
export function Pager({ total, pageSize, page, onChange }: PagerProps) {
  const { i18n } = useLingui();
  if (total <= pageSize) return null;
  return (
    <Pagination
      mt="lg"
      total={Math.ceil(total / pageSize)}
      value={page}
      onChange={onChange}
      getControlProps={(control) => ({ 'aria-label': i18n._(CONTROL_NAMES[control]) })}
    />
  );
}
