import { useLingui } from '@lingui/react/macro';
import { Button, Drawer } from '@mantine/core';
import type { ReactNode } from 'react';
import { productsCount, productsFound } from './headings';

interface FilterDrawerProps {
  onClose(): void;
  /** The filter panel, as beside the list on a wider screen. */
  children: ReactNode;
  /** Products the filters leave; none known while they load. */
  total: number;
  loading: boolean;
}

/**
 * The filters on a phone: a drawer from the bottom, its button saying how many products the
 * filters leave. Loaded when first opened (CatalogueBrowser), not with the home page.
 */
export default function FilterDrawer({ onClose, children, total, loading }: FilterDrawerProps) {
  const { t } = useLingui();
  const products = productsCount(total);
  return (
    <Drawer opened onClose={onClose} title={t`Filters`} position="bottom" size="85%">
      {children}
      <Button fullWidth mt="md" onClick={onClose} loading={loading}>
        {total > 0 ? t`Show ${products}` : productsFound(0)}
      </Button>
    </Drawer>
  );
}
