import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import type { ProductDetailsFieldsFragment } from '../../../../gql/graphql';
import { useSetProductVariantsMutation } from '../../../../gql/admin-hooks';
import { errorMessage, notifySuccess } from '../../../../lib/notify';
import { BulkSet } from './BulkSet';
import { OptionsEditor } from './OptionsEditor';
import {
  emptyCells,
  generatedRows,
  GridErrors,
  gridInput,
  OptionDraft,
  refusedCell,
  rowsOf,
  VariantRow,
  withColumn,
} from './variant-grid';
import { VariantGrid } from './VariantGrid';

/** The start of the SKUs suggested for new rows: the product's slug, its first two words. */
const skuStem = (slug: string) => slug.split('-').slice(0, 2).join('-');

/**
 * A product's options and variants, saved together: the admin names up to three options
 * and their values, generates a row per combination, fills in the grid (or sets a column
 * at once) and saves. The server checks every rule; its refusal shows on the cell it names.
 */
export function VariantEditor({ product }: { product: ProductDetailsFieldsFragment }) {
  const [options, setOptions] = useState<OptionDraft[]>(() =>
    product.options.map(({ name, values }) => ({ name, values })),
  );
  const [rows, setRows] = useState<VariantRow[]>(() => rowsOf(product.variants));
  const [errors, setErrors] = useState<GridErrors>({});
  const [save, { loading }] = useSetProductVariantsMutation({
    refetchQueries: ['AdminProducts', 'Storefront'],
  });
  // The grid stands for other options than those typed until generated again.
  const ungenerated = rows.some((row) => row.values.length !== options.length);

  const changeRow = (index: number, changes: Partial<VariantRow>) =>
    setRows(rows.map((row, at) => (at === index ? { ...row, ...changes } : row)));

  const submit = async () => {
    const empty = emptyCells(rows);
    setErrors(empty);
    if (Object.keys(empty).length > 0) return;
    try {
      const { data } = await save({
        variables: { productId: product.id, input: gridInput(options, rows) },
      });
      if (data) setRows(rowsOf(data.setProductVariants.variants));
      notifySuccess('Variants saved');
    } catch (error) {
      const { field, message } = refusedCell(errorMessage(error), rows);
      setErrors({ [field ?? 'form']: message });
    }
  };

  return (
    <Stack gap="md" component="section" aria-labelledby="variants-heading" maw={900}>
      <Title order={3} id="variants-heading">
        Options and variants
      </Title>
      <Text size="sm" c="dimmed">
        Sizes, colours or storage: up to three options, and a SKU, price, MRP and stock for each
        combination. A product without options is sold one way.
      </Text>
      <OptionsEditor options={options} errors={errors} onChange={setOptions} />
      <Group>
        <Button
          variant="light"
          onClick={() => setRows(generatedRows(options, rows, skuStem(product.slug)))}
        >
          Generate combinations
        </Button>
        {ungenerated && (
          <Text size="sm" c="orange.9" role="status">
            The options changed: generate the combinations again before saving.
          </Text>
        )}
      </Group>
      {rows.length > 1 && (
        <BulkSet onSet={(column, value) => setRows(withColumn(rows, column, value))} />
      )}
      <VariantGrid rows={rows} errors={errors} onChange={changeRow} />
      {(errors.form || errors.variants || errors.options) && (
        <Alert color="red" role="alert">
          {errors.form ?? errors.variants ?? errors.options}
        </Alert>
      )}
      <Button w="fit-content" onClick={submit} loading={loading} disabled={ungenerated}>
        SAVE VARIANTS
      </Button>
    </Stack>
  );
}
