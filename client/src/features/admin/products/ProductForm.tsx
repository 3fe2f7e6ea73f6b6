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
import { FormEvent, ReactNode, useEffect, useMemo, useState } from 'react';
import { useCategoriesQuery } from '../../../gql/hooks';
import { photoProblem } from './photo-rules';

export interface ProductFormValues {
  name: string;
  description: string;
  /** As typed: Mantine hands over a string while a number is half typed ("1499."). */
  price: number | string;
  quantity: number | string;
  category: string | null;
  shipping: '0' | '1' | null;
}

export interface ProductFormResult {
  name: string;
  description: string;
  price: number;
  quantity: number;
  category: string;
  shipping: boolean;
  photo: File | null;
}

type Errors = Partial<Record<keyof ProductFormValues, string>>;

export const EMPTY_PRODUCT: ProductFormValues = {
  name: '',
  description: '',
  price: '',
  quantity: '',
  category: null,
  shipping: null,
};

/** Explains, next to each field, what is missing or wrong. */
export function validateProduct(values: ProductFormValues): Errors {
  const errors: Errors = {};
  if (!values.category) errors.category = 'Choose a category';
  if (!values.name.trim()) errors.name = 'Name is required';
  if (!values.description.trim()) errors.description = 'Description is required';
  const price = Number(values.price);
  if (values.price === '' || !Number.isFinite(price) || price < 0) {
    errors.price = 'Price must be 0 or more';
  }
  const quantity = Number(values.quantity);
  if (values.quantity === '' || !Number.isInteger(quantity) || quantity < 0) {
    errors.quantity = 'Quantity must be a whole number, 0 or more';
  }
  if (!values.shipping) errors.shipping = 'Choose whether it ships';
  return errors;
}

interface ProductFormProps {
  initial: ProductFormValues;
  /** The stored photo, shown until a new one is picked. */
  photoUrl?: string | null;
  submitLabel: string;
  submitting: boolean;
  onSubmit(result: ProductFormResult): void;
  extraActions?: ReactNode;
}

export function ProductForm({
  initial,
  photoUrl,
  submitLabel,
  submitting,
  onSubmit,
  extraActions,
}: ProductFormProps) {
  const { data } = useCategoriesQuery();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [photo, setPhoto] = useState<File | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : null), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));

  const pick = (file: File | null) => {
    if (!file) return;
    const problem = photoProblem(file);
    setPhotoError(problem);
    setPhoto(problem ? null : file);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateProduct(values);
    setErrors(found);
    if (Object.keys(found).length > 0 || photoError) return;
    onSubmit({
      name: values.name.trim(),
      description: values.description.trim(),
      price: Number(values.price),
      quantity: Number(values.quantity),
      category: values.category!,
      shipping: values.shipping === '1',
      photo,
    });
  };

  const shown = preview ?? photoUrl ?? null;
  return (
    <Stack component="form" onSubmit={submit} maw={560} gap="sm">
      <Select
        label="Category"
        placeholder="Select Category"
        searchable
        data={
          data?.categories.map((category) => ({ value: category.id, label: category.name })) ?? []
        }
        value={values.category}
        onChange={(value) => set('category', value)}
        error={errors.category}
      />
      <Group>
        <FileButton onChange={pick} accept="image/*">
          {(props) => (
            <Button variant="default" {...props}>
              {photo ? photo.name : 'Upload Photo should be less than 1 mb'}
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
        <Image src={shown} alt="Product photo preview" h={200} w="auto" fit="contain" radius="sm" />
      )}
      <TextInput
        label="Name"
        placeholder="write a name"
        value={values.name}
        onChange={(event) => set('name', event.currentTarget.value)}
        error={errors.name}
      />
      <Textarea
        label="Description"
        placeholder="write a description"
        autosize
        minRows={3}
        value={values.description}
        onChange={(event) => set('description', event.currentTarget.value)}
        error={errors.description}
      />
      <NumberInput
        label="Price (₹)"
        placeholder="write a Price"
        min={0}
        decimalScale={2}
        value={values.price}
        onChange={(value) => set('price', value)}
        error={errors.price}
      />
      <NumberInput
        label="Quantity"
        placeholder="write a quantity"
        min={0}
        allowDecimal={false}
        value={values.quantity}
        onChange={(value) => set('quantity', value)}
        error={errors.quantity}
      />
      <Select
        label="Shipping"
        placeholder="Select Shipping"
        data={[
          { value: '0', label: 'No' },
          { value: '1', label: 'Yes' },
        ]}
        value={values.shipping}
        onChange={(value) => set('shipping', value as ProductFormValues['shipping'])}
        error={errors.shipping}
      />
      <Group>
        <Button type="submit" loading={submitting}>
          {submitLabel}
        </Button>
        {extraActions}
      </Group>
    </Stack>
  );
}
