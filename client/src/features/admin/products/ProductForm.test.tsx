import { TAX_RULES } from '@shop/tax-rules';
import {
  MAX_PRICE_RUPEES,
  MAX_QUANTITY,
  NOT_A_PHOTO,
  PHOTO_MAX_BYTES,
  PHOTO_TOO_LARGE,
  PRODUCT_RULES,
} from '@shop/rules';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { stubObjectUrls } from '../../../test/object-urls';
import { renderWithShop } from '../../../test/render';
import { EMPTY_PRODUCT, ProductForm, ProductFormValues, validateProduct } from './ProductForm';

function file(name: string, type: string, size: number): File {
  return new File([new Uint8Array(size)], name, { type });
}

function main() {
  return within(screen.getByRole('main'));
}

/** The input (or textarea) a label names; a select's label names its option list as well. */
function field(label: RegExp): HTMLElement {
  const named = main()
    .getAllByLabelText(label)
    .filter((element) => element.matches('input, textarea'));
  expect(named).toHaveLength(1);
  return named[0];
}

function photoInput(): HTMLInputElement {
  return document.querySelector<HTMLInputElement>('main input[type="file"]')!;
}

function renderForm(initial: ProductFormValues = EMPTY_PRODUCT, photoUrl?: string) {
  const onSubmit = vi.fn();
  const rendered = renderWithShop(
    <ProductForm
      initial={initial}
      photoUrl={photoUrl}
      submitLabel="CREATE PRODUCT"
      submitting={false}
      onSubmit={onSubmit}
    />,
    // The file input takes whatever is given, so the form's own check is what is tested.
    { path: '/dashboard/admin/create-product', user: { applyAccept: false } },
  );
  return { ...rendered, onSubmit };
}

type User = ReturnType<typeof renderWithShop>['user'];

async function choose(user: User, label: RegExp, option: string) {
  await user.click(field(label));
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillValid(user: User) {
  await choose(user, /^Category/, 'Books');
  await user.type(field(/^Name/), '  Gita Rahasya  ');
  await user.type(field(/^Description/), 'A classic commentary, hardbound.');
  await user.type(field(/^Price/), '1499');
  await user.type(field(/^Quantity/), '7');
  await choose(user, /^Shipping/, 'Yes');
}

const objectUrls = stubObjectUrls((n) => `blob:http://localhost/preview-${n}`);

describe('Product form', () => {
  it('shows the fields with their placeholders and the upload label', async () => {
    renderForm();
    expect(await main().findByPlaceholderText('Select Category')).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'Upload a photo (under 1 MB)' })).toBeInTheDocument();
    expect(photoInput()).toHaveAttribute('accept', 'image/*');
    expect(main().getByPlaceholderText('e.g. Cotton Kurta')).toBeInTheDocument();
    expect(
      main().getByPlaceholderText('What it is, what it is made of, its size'),
    ).toBeInTheDocument();
    expect(main().getByPlaceholderText('Price in rupees, e.g. 499')).toBeInTheDocument();
    expect(main().getByPlaceholderText('Units in stock')).toBeInTheDocument();
    expect(main().getByPlaceholderText('Select Shipping')).toBeInTheDocument();
    expect(main().getByRole('button', { name: 'CREATE PRODUCT' })).toBeInTheDocument();
    expect(main().queryByRole('img', { name: 'Product photo preview' })).toBeNull();
  });

  it('the category select searches the categories by name', async () => {
    const { user } = renderForm();
    await user.type(field(/^Category/), 'fash');
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Fashion']);
  });

  it('offers shipping No and Yes', async () => {
    const { user } = renderForm();
    await user.click(field(/^Shipping/));
    const options = await screen.findAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['No', 'Yes']);
  });

  it('explains each missing field next to it when submitted empty, and does not submit', async () => {
    const { user, onSubmit } = renderForm();
    await user.click(await main().findByRole('button', { name: 'CREATE PRODUCT' }));

    const expected: [RegExp, string][] = [
      [/^Category/, 'Choose a category'],
      [/^Name/, PRODUCT_RULES.name.required],
      [/^Description/, PRODUCT_RULES.description.required],
      [/^Price/, PRODUCT_RULES.price.message],
      [/^Quantity/, PRODUCT_RULES.quantity.message],
      [/^Shipping/, 'Choose whether it ships'],
    ];
    for (const [label, message] of expected) {
      expect(main().getByText(message)).toBeInTheDocument();
      expect(field(label)).toHaveAttribute('aria-invalid', 'true');
      expect(field(label)).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('a name of spaces only is still missing', async () => {
    const { user, onSubmit } = renderForm();
    await user.type(await main().findByPlaceholderText('e.g. Cotton Kurta'), '   ');
    await user.click(main().getByRole('button', { name: 'CREATE PRODUCT' }));
    expect(main().getByText(PRODUCT_RULES.name.required)).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('submits trimmed values, numbers and shipping as true/false', async () => {
    const { user, onSubmit } = renderForm();
    await main().findByPlaceholderText('Select Category');
    await fillValid(user);
    await user.type(field(/^Hindi name/), '  गीता रहस्य ');
    await user.click(main().getByRole('button', { name: 'CREATE PRODUCT' }));

    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({
      name: 'Gita Rahasya',
      description: 'A classic commentary, hardbound.',
      nameHi: 'गीता रहस्य',
      descriptionHi: '',
      price: 1499,
      quantity: 7,
      category: 'c2',
      shipping: true,
      hsn: '',
      taxClass: '',
      photo: null,
    });
    expect(main().queryByText(PRODUCT_RULES.name.required)).toBeNull();
  });

  it('keeps a price in paise as typed (decimal point, trailing zero)', async () => {
    const { user, onSubmit } = renderForm();
    await main().findByPlaceholderText('Select Category');
    await fillValid(user);
    await user.clear(field(/^Price/));
    await user.type(field(/^Price/), '1499.50');
    expect(field(/^Price/)).toHaveValue('1499.50');
    await user.click(main().getByRole('button', { name: 'CREATE PRODUCT' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ price: 1499.5 }));
  });

  it('refuses a photo of the size limit or more', async () => {
    const { user, onSubmit } = renderForm();
    await main().findByPlaceholderText('Select Category');
    await user.upload(photoInput(), file('big.jpg', 'image/jpeg', PHOTO_MAX_BYTES));

    expect(await main().findByText(PHOTO_TOO_LARGE)).toBeInTheDocument();
    expect(main().queryByRole('img', { name: 'Product photo preview' })).toBeNull();
    expect(URL.createObjectURL).not.toHaveBeenCalled();
    expect(main().getByRole('button', { name: 'Upload a photo (under 1 MB)' })).toBeInTheDocument();

    // Nothing is sent while the photo is refused.
    await fillValid(user);
    await user.click(main().getByRole('button', { name: 'CREATE PRODUCT' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('refuses a file that is not an image', async () => {
    const { user } = renderForm();
    await main().findByPlaceholderText('Select Category');
    await user.upload(photoInput(), file('price-list.pdf', 'application/pdf', 2000));

    expect(await main().findByText(NOT_A_PHOTO)).toBeInTheDocument();
    expect(main().queryByRole('img', { name: 'Product photo preview' })).toBeNull();
  });

  it('previews a valid image and sends it with the form', async () => {
    const { user, onSubmit } = renderForm();
    await main().findByPlaceholderText('Select Category');
    const photo = file('kettle.png', 'image/png', PHOTO_MAX_BYTES - 1);
    await user.upload(photoInput(), photo);

    const preview = await main().findByRole('img', { name: 'Product photo preview' });
    expect(preview).toHaveAttribute('src', 'blob:http://localhost/preview-1');
    expect(URL.createObjectURL).toHaveBeenCalledWith(photo);
    expect(main().getByRole('button', { name: 'kettle.png' })).toBeInTheDocument();
    expect(main().queryByRole('alert')).toBeNull();

    await fillValid(user);
    await user.click(main().getByRole('button', { name: 'CREATE PRODUCT' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ photo }));
  });

  it('a valid photo after a refused one clears the message', async () => {
    const { user } = renderForm();
    await main().findByPlaceholderText('Select Category');
    await user.upload(photoInput(), file('big.jpg', 'image/jpeg', 2 * PHOTO_MAX_BYTES));
    await main().findByText(PHOTO_TOO_LARGE);
    await user.upload(photoInput(), file('small.webp', 'image/webp', 5000));

    expect(await main().findByRole('img', { name: 'Product photo preview' })).toBeInTheDocument();
    expect(main().queryByText(PHOTO_TOO_LARGE)).toBeNull();
  });

  it('shows the stored photo until a new one is picked, then the new one', async () => {
    const { user } = renderForm(EMPTY_PRODUCT, '/api/v1/product/product-photo/p1');
    const preview = await main().findByRole('img', { name: 'Product photo preview' });
    expect(preview).toHaveAttribute('src', '/api/v1/product/product-photo/p1');

    await user.upload(photoInput(), file('new.png', 'image/png', 1000));
    await waitFor(() =>
      expect(main().getByRole('img', { name: 'Product photo preview' })).toHaveAttribute(
        'src',
        'blob:http://localhost/preview-1',
      ),
    );
  });

  it('lets the browser forget the previous preview when another photo is picked', async () => {
    const { user } = renderForm();
    await main().findByPlaceholderText('Select Category');
    await user.upload(photoInput(), file('one.png', 'image/png', 1000));
    await main().findByRole('img', { name: 'Product photo preview' });
    await user.upload(photoInput(), file('two.png', 'image/png', 1000));

    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith(objectUrls.created[0]));
    expect(main().getByRole('img', { name: 'Product photo preview' })).toHaveAttribute(
      'src',
      objectUrls.created[1],
    );
  });
});

describe('validateProduct', () => {
  const valid: ProductFormValues = {
    name: 'Kettle',
    description: 'Steel',
    nameHi: '',
    descriptionHi: '',
    price: 0,
    quantity: 0,
    category: 'c1',
    shipping: '0',
    hsn: '',
    taxClass: null,
  };

  it('accepts a price and quantity of 0 and shipping No', () => {
    expect(validateProduct(valid)).toEqual({});
  });

  it('accepts the highest price and quantity', () => {
    expect(validateProduct({ ...valid, price: MAX_PRICE_RUPEES, quantity: MAX_QUANTITY })).toEqual(
      {},
    );
  });

  it('refuses a price or quantity out of bounds, and a fractional quantity', () => {
    const price = { price: PRODUCT_RULES.price.message };
    const quantity = { quantity: PRODUCT_RULES.quantity.message };
    expect(validateProduct({ ...valid, price: -1 })).toEqual(price);
    expect(validateProduct({ ...valid, price: MAX_PRICE_RUPEES + 1 })).toEqual(price);
    expect(validateProduct({ ...valid, quantity: -2 })).toEqual(quantity);
    expect(validateProduct({ ...valid, quantity: 1.5 })).toEqual(quantity);
    expect(validateProduct({ ...valid, quantity: MAX_QUANTITY + 1 })).toEqual(quantity);
  });

  it('takes an HSN code of 4, 6 or 8 digits, or none', () => {
    for (const hsn of ['', '6109', '610910', '61091000']) {
      expect(validateProduct({ ...valid, hsn })).toEqual({});
    }
    for (const hsn of ['610', '61091', 'G109', '610910001']) {
      expect(validateProduct({ ...valid, hsn })).toEqual({ hsn: TAX_RULES.hsn });
    }
  });
});
