import {
  Button,
  FileButton,
  Group,
  Image,
  NumberInput,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { FormErrors, useForm } from '@mantine/form';
import { obeys, PRODUCT_RULES } from '@shop/rules';
import { ReactNode, useEffect, useMemo, useState } from 'react';
import { HSN_PATTERN, TAX_RULES } from '@shop/tax-rules';
import { useProductTaxClassesQuery } from '../../../gql/admin-hooks';
import { useCategoriesQuery } from '../../../gql/hooks';
import { FormRefusal } from '../../../components/FormRefusal';
import { recheckShownErrors, useFormErrors } from '../../../lib/form-errors';
import { fieldRefusal } from '../../../lib/notify';
import { photoProblem } from './photo-rules';

export interface ProductFormValues {
  name: string;
  description: string;
  /** Shown on Hindi pages in their place; '' for none. */
  nameHi: string;
  descriptionHi: string;
  /** As typed: Mantine hands over a string while a number is half typed ("1499."). */
  price: number | string;
  quantity: number | string;
  category: string | null;
  shipping: '0' | '1' | null;
  /** GST: its HSN code ('' for none) and tax class (null: the shop's default). */
  hsn: string;
  taxClass: string | null;
}

export interface ProductFormResult {
  name: string;
  description: string;
  /** '' clears either. */
  nameHi: string;
  descriptionHi: string;
  price: number;
  quantity: number;
  category: string;
  shipping: boolean;
  /** '' clears either. */
  hsn: string;
  taxClass: string;
  photo: File | null;
}

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  description: '',
  nameHi: '',
  descriptionHi: '',
  price: '',
  quantity: '',
  category: null,
  shipping: null,
  hsn: '',
  taxClass: null,
};

/** Explains, next to each field, what is missing or wrong: the rules the server checks too. */
export function validateProduct(values: ProductFormValues): FormErrors {
  const errors: FormErrors = {};
  if (!values.category) errors.category = 'Choose a category';
  if (!values.name.trim()) errors.name = PRODUCT_RULES.name.required;
  if (!values.description.trim()) errors.description = PRODUCT_RULES.description.required;
  if (values.price === '' || !obeys(PRODUCT_RULES.price, Number(values.price))) {
    errors.price = PRODUCT_RULES.price.message;
  }
  if (values.quantity === '' || !obeys(PRODUCT_RULES.quantity, Number(values.quantity))) {
    errors.quantity = PRODUCT_RULES.quantity.message;
  }
  if (!values.shipping) errors.shipping = 'Choose whether it ships';
  if (values.hsn.trim() && !HSN_PATTERN.test(values.hsn.trim())) errors.hsn = TAX_RULES.hsn;
  return errors;
}

/** The server's refusals of a product's own rules, which name no field, by the field they are about. */
const PRODUCT_FIELD_OF = new Map<string, keyof ProductFormValues>([
  [PRODUCT_RULES.name.required, 'name'],
  [PRODUCT_RULES.description.required, 'description'],
  [PRODUCT_RULES.price.message, 'price'],
  [PRODUCT_RULES.quantity.message, 'quantity'],
  [TAX_RULES.hsn, 'hsn'],
]);

interface ProductFormProps {
  initial: ProductFormValues;
  /** The stored photo, shown until a new one is picked. */
  photoUrl?: string | null;
  submitLabel: string;
  submitting: boolean;
  /** Saves the product; a refusal it throws is shown beside its field, or in the form. */
  onSubmit(result: ProductFormResult): Promise<unknown>;
  extraActions?: ReactNode;
  /** Priced and stocked variant by variant (VariantEditor): no price or quantity here. */
  soldInVariants?: boolean;
}

export function ProductForm({
  initial,
  photoUrl,
  submitLabel,
  submitting,
  onSubmit,
  extraActions,
  soldInVariants = false,
}: ProductFormProps) {
  const { data } = useCategoriesQuery();
  const classes = useProductTaxClassesQuery();
  const form = useForm({
    initialValues: initial,
    validate: validateProduct,
    ...recheckShownErrors<ProductFormValues>(),
  });
  const {
    attach,
    refusal,
    submit: checkedSubmit,
    focus,
  } = useFormErrors(form, (field) => (field in initial ? field : null));
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const pick = (file: File | null) => {
    if (!file) return;
    const problem = photoProblem(file);
    setPhotoError(problem);
    setPhoto(problem ? null : file);
  };

  const submit = checkedSubmit(async (values) => {
    if (photoError) return focus();
    try {
      await save(values);
    } catch (error) {
      // The product's own rules are refused in their words alone ("Name is required").
      const { field, message } = fieldRefusal(error);
      const about = field === null && PRODUCT_FIELD_OF.get(message);
      if (!about) throw error;
      form.setFieldError(about, message);
      focus();
    }
  });

  const save = (values: ProductFormValues) =>
    onSubmit({
      name: values.name.trim(),
      description: values.description.trim(),
      nameHi: values.nameHi.trim(),
      descriptionHi: values.descriptionHi.trim(),
      price: Number(values.price),
      quantity: Number(values.quantity),
      category: values.category!,
      shipping: values.shipping === '1',
      hsn: values.hsn.trim(),
      taxClass: values.taxClass ?? '',
      photo,
    });

  const shown = preview ?? photoUrl ?? null;
  return (
    <form onSubmit={submit} ref={attach} noValidate>
      <Stack maw={560} gap="sm">
        <Select
          label="Category"
          placeholder="Select Category"
          searchable
          data={
            data?.categories.map((category) => ({ value: category.id, label: category.name })) ?? []
          }
          {...form.getInputProps('category')}
        />
        <Group>
          <FileButton onChange={pick} accept="image/*">
            {(props) => (
              <Button variant="default" {...props}>
                {photo ? photo.name : 'Upload a photo (under 1 MB)'}
              </Button>
            )}
          </FileButton>
        </Group>
        {photoError && (
          <Text c="red" size="sm" role="alert">
            {photoError}
          </Text>
        )}
        {shown && (
          <Image
            src={shown}
            alt="Product photo preview"
            h={200}
            w="auto"
            fit="contain"
            radius="sm"
          />
        )}
        <TextInput
          label="Name"
          placeholder="e.g. Cotton Kurta"
          maxLength={PRODUCT_RULES.name.maxLength}
          {...form.getInputProps('name')}
        />
        <Textarea
          label="Description"
          placeholder="What it is, what it is made of, its size"
          autosize
          minRows={3}
          maxLength={PRODUCT_RULES.description.maxLength}
          {...form.getInputProps('description')}
        />
        <TextInput
          label="Hindi name"
          description="Shown on the storefront's Hindi pages; empty: the name above"
          placeholder="e.g. सूती कुर्ता"
          lang="hi"
          maxLength={PRODUCT_RULES.name.maxLength}
          {...form.getInputProps('nameHi')}
        />
        <Textarea
          label="Hindi description"
          description="Empty: the description above"
          lang="hi"
          autosize
          minRows={2}
          maxLength={PRODUCT_RULES.description.maxLength}
          {...form.getInputProps('descriptionHi')}
        />
        {soldInVariants ? (
          <Text size="sm" c="dimmed">
            Price and quantity are set for each variant, under Options and variants.
          </Text>
        ) : (
          <>
            <NumberInput
              label="Price (₹)"
              placeholder="Price in rupees, e.g. 499"
              min={0}
              decimalScale={2}
              {...form.getInputProps('price')}
            />
            <NumberInput
              label="Quantity"
              placeholder="Units in stock"
              min={0}
              allowDecimal={false}
              {...form.getInputProps('quantity')}
            />
          </>
        )}
        <Select
          label="Shipping"
          placeholder="Select Shipping"
          data={[
            { value: '0', label: 'No' },
            { value: '1', label: 'Yes' },
          ]}
          {...form.getInputProps('shipping')}
        />
        <Group grow align="flex-start">
          <TextInput
            label="HSN code"
            description="For GST invoices: 4, 6 or 8 digits"
            inputMode="numeric"
            maxLength={8}
            {...form.getInputProps('hsn')}
          />
          <Select
            label="Tax class"
            description="Empty: the shop's default class"
            placeholder="Shop default"
            clearable
            allowDeselect={false}
            data={(classes.data?.taxClasses ?? []).map((one) => ({
              value: one.code,
              label: one.name,
            }))}
            {...form.getInputProps('taxClass')}
          />
        </Group>
        <FormRefusal message={refusal} />
        <Group>
          <Button type="submit" loading={submitting}>
            {submitLabel}
          </Button>
          {extraActions}
        </Group>
      </Stack>
    </form>
  );
}
