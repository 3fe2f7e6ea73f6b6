import {
  Alert,
  Button,
  Checkbox,
  Group,
  MultiSelect,
  NumberInput,
  Radio,
  SimpleGrid,
  Stack,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { COUPON_RULES } from '@shop/offer-rules';
import { useState } from 'react';
import type { CouponFieldsFragment } from '../../../gql/graphql';
import { useCategoriesQuery } from '../../../gql/hooks';
import { useCreateCouponMutation, useUpdateCouponMutation } from '../../../gql/admin-hooks';
import { fieldRefusal, notifySuccess } from '../../../lib/notify';
import { ProductPicker, useProductChoices } from '../ProductPicker';
import { COUPONS, CouponFormValues, formOf, inputOf, refusedAt } from './coupon-form';

interface CouponFormProps {
  /** The coupon changed; null for a new one. */
  coupon: CouponFieldsFragment | null;
  onSaved: () => void;
}

/**
 * Every field of a coupon on one form. The server checks each and names the one it refuses,
 * which is shown beside that field; a refusal of no field shows above the button.
 */
export function CouponForm({ coupon, onSaved }: CouponFormProps) {
  const form = useForm<CouponFormValues>({ initialValues: formOf(coupon) });
  const [refusal, setRefusal] = useState<string | null>(null);
  const refetchQueries = ['Coupons'];
  const [create, creating] = useCreateCouponMutation({ refetchQueries });
  const [update, updating] = useUpdateCouponMutation({ refetchQueries });
  const categories = useCategoriesQuery();
  const products = useProductChoices(coupon?.products ?? [], form.values.products);
  const categoryNames = new Map(
    categories.data?.categories.map((one) => [one.id, one.name] as const),
  );
  const categoryOf = (id: string) => categoryNames.get(id) ?? id;
  // A category deleted since still shows (by its id), to be taken off.
  const categoryData = [
    ...new Set([
      ...(categories.data?.categories.map((one) => one.id) ?? []),
      ...form.values.categories,
    ]),
  ].map((id) => ({ value: id, label: categoryOf(id) }));
  const percent = form.values.kind === 'PERCENT';

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      const input = inputOf(values, coupon === null);
      if (coupon) {
        await update({ variables: { code: coupon.code, input } });
        notifySuccess(COUPONS.saved(coupon.code));
      } else {
        const { data } = await create({ variables: { input } });
        notifySuccess(COUPONS.created(data?.createCoupon.code ?? values.code));
      }
      onSaved();
    } catch (error) {
      const { field, message } = fieldRefusal(error);
      const nameOf = (list: 'categories' | 'products', id: string) =>
        list === 'categories' ? categoryOf(id) : products.nameOf(id);
      const at = refusedAt(field, message, values, nameOf);
      if (at.path) form.setFieldError(at.path, at.message);
      else setRefusal(at.message);
    }
  });

  return (
    <form onSubmit={submit} aria-label={COUPONS.form(coupon?.code ?? null)} noValidate>
      <Stack gap="md">
        <TextInput
          label={COUPONS.code}
          description={COUPONS.codeHint}
          disabled={coupon !== null}
          autoCapitalize="characters"
          {...form.getInputProps('code')}
        />
        <TextInput
          label={COUPONS.description}
          description={COUPONS.descriptionHint}
          maxLength={COUPON_RULES.description.max}
          {...form.getInputProps('description')}
        />
        <Radio.Group label={COUPONS.kind} {...form.getInputProps('kind')}>
          <Group mt="xs">
            <Radio value="PERCENT" label={COUPONS.percent} />
            <Radio value="AMOUNT" label={COUPONS.amount} />
          </Group>
        </Radio.Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={COUPONS.value(form.values.kind)}
            min={percent ? COUPON_RULES.percent.min : COUPON_RULES.amount.min}
            max={percent ? COUPON_RULES.percent.max : COUPON_RULES.amount.max}
            allowDecimal={!percent}
            decimalScale={2}
            allowNegative={false}
            {...form.getInputProps('value')}
          />
          {percent && (
            <NumberInput
              label={COUPONS.maxDiscount}
              description={COUPONS.maxDiscountHint}
              min={COUPON_RULES.maxDiscount.min}
              max={COUPON_RULES.maxDiscount.max}
              decimalScale={2}
              allowNegative={false}
              {...form.getInputProps('maxDiscount')}
            />
          )}
        </SimpleGrid>
        <NumberInput
          label={COUPONS.minCartValue}
          description={COUPONS.minCartValueHint}
          min={COUPON_RULES.cartValue.min}
          max={COUPON_RULES.cartValue.max}
          decimalScale={2}
          allowNegative={false}
          {...form.getInputProps('minCartValue')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            type="date"
            label={COUPONS.startsAt}
            description={COUPONS.datesHint}
            {...form.getInputProps('startsAt')}
          />
          <TextInput
            type="date"
            label={COUPONS.endsAt}
            description={COUPONS.datesHint}
            {...form.getInputProps('endsAt')}
          />
        </SimpleGrid>
        <MultiSelect
          label={COUPONS.categories}
          description={COUPONS.categoriesHint}
          data={categoryData}
          searchable
          clearable
          {...form.getInputProps('categories')}
        />
        <ProductPicker
          label={COUPONS.products}
          choices={products}
          {...form.getInputProps('products')}
          onChange={(ids) => form.setFieldValue('products', ids)}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label={COUPONS.totalUses}
            description={COUPONS.totalUsesHint}
            min={COUPON_RULES.uses.min}
            max={COUPON_RULES.uses.max}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('totalUses')}
          />
          <NumberInput
            label={COUPONS.usesPerShopper}
            description={COUPONS.usesPerShopperHint}
            min={COUPON_RULES.usesPerShopper.min}
            max={COUPON_RULES.usesPerShopper.max}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('usesPerShopper')}
          />
        </SimpleGrid>
        <Checkbox
          label={COUPONS.firstOrderOnly}
          {...form.getInputProps('firstOrderOnly', { type: 'checkbox' })}
        />
        <Checkbox
          label={COUPONS.combinesWithOffers}
          {...form.getInputProps('combinesWithOffers', { type: 'checkbox' })}
        />
        <Checkbox label={COUPONS.active} {...form.getInputProps('active', { type: 'checkbox' })} />
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group>
          <Button type="submit" loading={creating.loading || updating.loading}>
            {COUPONS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
