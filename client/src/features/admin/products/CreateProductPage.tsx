import { Title } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { Page } from '../../../components/Page';
import { useCreateProductMutation } from '../../../gql/admin-hooks';
import { notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/routes';
import { EMPTY_PRODUCT, ProductForm, ProductFormResult } from './ProductForm';

export default function CreateProductPage() {
  const [create, { loading }] = useCreateProductMutation({
    refetchQueries: ['AdminProducts', 'Storefront'],
  });
  const navigate = useNavigate();

  const submit = async ({ photo, ...input }: ProductFormResult) => {
    // A refusal is the form's to show, beside the field it is about.
    await create({ variables: { input, photo } });
    notifySuccess('Product created successfully');
    navigate(paths.adminProducts);
  };

  return (
    <Page title="Create Product">
      <Title order={2} mb="md">
        Create Product
      </Title>
      <ProductForm
        initial={EMPTY_PRODUCT}
        submitLabel="CREATE PRODUCT"
        submitting={loading}
        onSubmit={submit}
      />
    </Page>
  );
}
