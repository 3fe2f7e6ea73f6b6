import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router-dom';
import { useTaxSetupStatusQuery } from '../../../gql/admin-hooks';
import { paths } from '../../../lib/routes';
import { TAX } from './tax-form';

/** On the dashboard: what the tax settings still lack before invoices are issued; else nothing. */
export function TaxSetupAlert() {
  const { data } = useTaxSetupStatusQuery({ fetchPolicy: 'cache-and-network' });
  const missing = data?.taxSettings.missing ?? [];
  if (missing.length === 0) return null;
  return (
    <Alert color="yellow" title="GST invoices are waiting" role="status" mb="md">
      {TAX.missing(missing)}{' '}
      <Anchor component={Link} to={paths.adminTax}>
        Open the tax settings
      </Anchor>
    </Alert>
  );
}
