import { Button, Divider, Title } from '@mantine/core';
import { useNavigate, useParams } from 'react-router-dom';
import { Loading } from '../../../components/Loading';
import { NotFoundPage } from '../../../components/NotFoundPage';
import { Page } from '../../../components/Page';
import {
  useAdminProductQuery,
  useDeleteProductMutation,
  useUpdateProductMutation,
} from '../../../gql/admin-hooks';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { paths } from '../../../lib/routes';
import { ProductForm, ProductFormResult } from './ProductForm';
import { ProductPhotoManager } from './ProductPhotoManager';
import { VariantEditor } from './variants/VariantEditor';

export default function UpdateProductPage() {
  const { slug = '' } = useParams();
  const { data, loading } = useAdminProductQuery({
    variables: { slug },
    fetchPolicy: 'network-only',
  });
  const refetchQueries = ['AdminProducts', 'Storefront'];
  const [update, updating] = useUpdateProductMutation({ refetchQueries });
  const [remove, removing] = useDeleteProductMutation({ refetchQueries });
  const navigate = useNavigate();
  const product = data?.product;

  if (loading && !data) return <Loading />;
  if (!product) return <NotFoundPage />;

  const soldInVariants = product.options.length > 0;

  const submit = async ({ photo, price, quantity, ...fields }: ProductFormResult) => {
    // A product with options has a price and stock per variant: the server refuses one here.
    const input = soldInVariants ? fields : { ...fields, price, quantity };
    // A refusal is the form's to show, beside the field it is about.
    await update({ variables: { id: product.id, input, photo } });
    notifySuccess('Product updated successfully');
    navigate(paths.adminProducts);
  };

  const destroy = async () => {
    // Deleting cannot be undone, so the admin types 'yes'; anything else cancels.
    const answer = window.prompt(
      'Are you sure you want to delete this product? Type yes to confirm',
    );
    if (answer !== 'yes') return;
    try {
      await remove({ variables: { id: product.id } });
      notifySuccess('Product deleted successfully');
      navigate(paths.adminProducts);
    } catch {
      // Whatever the server said: the product stays.
      notifyError('Something went wrong while deleting the product');
    }
  };

  return (
    <Page title={`Update ${product.name}`}>
      <Title order={2} mb="md">
        Update Product
      </Title>
      <ProductForm
        key={product.id}
        initial={{
          name: product.name,
          description: product.description,
          nameHi: product.nameHi ?? '',
          descriptionHi: product.descriptionHi ?? '',
          price: product.price,
          quantity: product.quantity,
          category: product.category?.id ?? null,
          shipping: product.shipping ? '1' : '0',
          hsn: product.hsn ?? '',
          taxClass: product.taxClass ?? null,
        }}
        photoUrl={product.photoUrl}
        soldInVariants={soldInVariants}
        submitLabel="UPDATE PRODUCT"
        submitting={updating.loading}
        onSubmit={submit}
        extraActions={
          <Button color="red" variant="outline" onClick={destroy} loading={removing.loading}>
            DELETE PRODUCT
          </Button>
        }
      />
      <ProductPhotoManager product={product} />
      <Divider my="xl" />
      <VariantEditor key={`variants-${product.id}`} product={product} />
    </Page>
  );
}
