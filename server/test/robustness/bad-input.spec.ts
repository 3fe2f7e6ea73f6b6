import jwt from 'jsonwebtoken';
import { Types } from 'mongoose';
import type { Test } from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seeded, Session, startTestApp, TestApp } from '../support/test-app';
import {
  APPROVED_CARD,
  expectError,
  missingId,
  snapshot,
  stockedProduct,
} from '../support/fixtures';

/** Ids and names the cases point at, known once the demo data is in. */
interface Ids {
  product: string;
  productSlug: string;
  soldOut: string;
  category: string;
  emptyCategory: string;
  otherCategoryName: string;
  order: string;
  missing: string;
  shopperEmail: string;
}

type Token = 'admin' | 'shopper' | 'none' | 'forged';
type Target = 'product' | 'category' | 'emptyCategory' | 'order' | 'shopper';
type Json = Record<string, unknown> | unknown[];

interface Upload {
  buffer: Buffer;
  filename: string;
  contentType: string;
}

interface BadCase {
  name: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** `{product}`, `{category}`, ... are replaced by the ids above. */
  path: string;
  token: Token;
  /** A JSON body (or a function of the ids giving one). */
  body?: Json | ((ids: Ids) => Json);
  /** A body sent as it is, with its own content type. */
  raw?: { type: string; data: string };
  /** A multipart form: text fields (repeated when an array) and files. */
  form?: {
    fields?: (ids: Ids) => Record<string, string | string[]>;
    files?: Record<string, Upload>;
  };
  headers?: Record<string, string>;
  status: number;
  /** The document the request tries to change, re-read to show it did not. */
  target?: Target;
}

const long = (length: number, char = 'a') => char.repeat(length);

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Starts like a PNG, but is 1 MB and one byte long. */
const oversizePhoto: Upload = {
  buffer: Buffer.concat([PNG_SIGNATURE, Buffer.alloc(1024 * 1024 + 1 - PNG_SIGNATURE.length)]),
  filename: 'huge.png',
  contentType: 'image/png',
};
/** A text file that says it is a PNG. */
const textAsPng: Upload = {
  buffer: Buffer.from('this is plain text, not an image\n'.repeat(20)),
  filename: 'notes.png',
  contentType: 'image/png',
};

const newUser = {
  name: 'Ravi Kumar',
  email: 'ravi.kumar@example.in',
  password: 'secret123',
  phone: '+91 98100 00000',
  address: '7 Residency Road, Bengaluru 560025',
  answer: 'hockey',
};

const productForm = (ids: Ids): Record<string, string> => ({
  name: 'Titan Neo Analog Watch',
  description: 'A slim analog watch with a stainless steel strap, for office and evenings out.',
  price: '2495',
  quantity: '12',
  category: ids.category,
  shipping: '1',
});

const checkoutBody = (ids: Ids, changes: Record<string, unknown> = {}) => ({
  lines: [{ productId: ids.product, quantity: 1 }],
  card: APPROVED_CARD,
  ...changes,
});

const cases: BadCase[] = [
  // --- register -------------------------------------------------------------------------
  {
    name: 'register: number where the name belongs',
    method: 'post',
    path: '/api/v1/auth/register',
    token: 'none',
    body: { ...newUser, name: 12345 },
    status: 400,
  },
  {
    name: 'register: email missing',
    method: 'post',
    path: '/api/v1/auth/register',
    token: 'none',
    body: { ...newUser, email: undefined },
    status: 400,
  },
  {
    name: 'register: operator object as email',
    method: 'post',
    path: '/api/v1/auth/register',
    token: 'none',
    body: { ...newUser, email: { $ne: null } },
    status: 400,
  },
  {
    name: 'register: 10 000-character name',
    method: 'post',
    path: '/api/v1/auth/register',
    token: 'none',
    body: { ...newUser, name: long(10_000) },
    status: 400,
  },
  {
    name: 'register: 10 000-character address',
    method: 'post',
    path: '/api/v1/auth/register',
    token: 'none',
    body: { ...newUser, address: long(10_000) },
    status: 400,
  },
  {
    name: 'register: password of 3 characters',
    method: 'post',
    path: '/api/v1/auth/register',
    token: 'none',
    body: { ...newUser, password: '123' },
    status: 400,
  },
  {
    name: 'register: letters in the phone number',
    method: 'post',
    path: '/api/v1/auth/register',
    token: 'none',
    body: { ...newUser, phone: 'call me maybe' },
    status: 400,
  },
  {
    name: 'register: an e-mail already registered',
    method: 'post',
    path: '/api/v1/auth/register',
    token: 'none',
    body: (ids) => ({ ...newUser, email: ids.shopperEmail.toUpperCase() }),
    status: 409,
  },
  {
    name: 'register: a JSON array where the object belongs',
    method: 'post',
    path: '/api/v1/auth/register',
    token: 'none',
    body: [newUser],
    status: 400,
  },
  {
    name: 'register: JSON body over 100 kB',
    method: 'post',
    path: '/api/v1/auth/register',
    token: 'none',
    body: { ...newUser, name: long(200_000) },
    status: 413,
  },
  // --- login ----------------------------------------------------------------------------
  {
    name: 'login: operator object as email',
    method: 'post',
    path: '/api/v1/auth/login',
    token: 'none',
    body: { email: { $ne: null }, password: 'shopper123' },
    status: 400,
  },
  {
    name: 'login: operator object as password',
    method: 'post',
    path: '/api/v1/auth/login',
    token: 'none',
    body: (ids) => ({ email: ids.shopperEmail, password: { $gt: '' } }),
    status: 400,
  },
  {
    name: 'login: password missing',
    method: 'post',
    path: '/api/v1/auth/login',
    token: 'none',
    body: (ids) => ({ email: ids.shopperEmail }),
    status: 400,
  },
  {
    name: 'login: malformed JSON',
    method: 'post',
    path: '/api/v1/auth/login',
    token: 'none',
    raw: { type: 'application/json', data: '{"email": "shopper@shop.local", "password":' },
    status: 400,
  },
  {
    name: 'login: body sent as text/plain',
    method: 'post',
    path: '/api/v1/auth/login',
    token: 'none',
    raw: { type: 'text/plain', data: 'email=shopper@shop.local&password=shopper123' },
    status: 400,
  },
  {
    name: 'login: wrong password',
    method: 'post',
    path: '/api/v1/auth/login',
    token: 'none',
    body: (ids) => ({ email: ids.shopperEmail, password: 'not-the-password' }),
    status: 401,
  },
  // --- forgot-password ------------------------------------------------------------------
  {
    name: 'forgot-password: operator object as email',
    method: 'post',
    path: '/api/v1/auth/forgot-password',
    token: 'none',
    body: { email: { $ne: null }, answer: 'cricket', newPassword: 'hacked123' },
    status: 400,
    target: 'shopper',
  },
  {
    name: 'forgot-password: array where the answer belongs',
    method: 'post',
    path: '/api/v1/auth/forgot-password',
    token: 'none',
    body: (ids) => ({ email: ids.shopperEmail, answer: ['cricket'], newPassword: 'hacked123' }),
    status: 400,
    target: 'shopper',
  },
  {
    name: 'forgot-password: new password of 3 characters',
    method: 'post',
    path: '/api/v1/auth/forgot-password',
    token: 'none',
    body: (ids) => ({ email: ids.shopperEmail, answer: 'cricket', newPassword: '123' }),
    status: 400,
    target: 'shopper',
  },
  {
    name: 'forgot-password: wrong answer',
    method: 'post',
    path: '/api/v1/auth/forgot-password',
    token: 'none',
    body: (ids) => ({ email: ids.shopperEmail, answer: 'chess', newPassword: 'hacked123' }),
    status: 400,
    target: 'shopper',
  },
  // --- profile and tokens ---------------------------------------------------------------
  {
    name: 'profile: 10 000-character address',
    method: 'put',
    path: '/api/v1/auth/profile',
    token: 'shopper',
    body: { address: long(10_000) },
    status: 400,
    target: 'shopper',
  },
  {
    name: 'profile: object where the name belongs',
    method: 'put',
    path: '/api/v1/auth/profile',
    token: 'shopper',
    body: { name: { first: 'Priya' } },
    status: 400,
    target: 'shopper',
  },
  {
    name: 'profile: e-mail change',
    method: 'put',
    path: '/api/v1/auth/profile',
    token: 'shopper',
    body: { email: 'someone.else@example.in', name: 'Changed Name' },
    status: 400,
    target: 'shopper',
  },
  {
    name: 'profile: password of 3 characters',
    method: 'put',
    path: '/api/v1/auth/profile',
    token: 'shopper',
    body: { password: '123', name: 'Changed Name' },
    status: 400,
    target: 'shopper',
  },
  {
    name: 'profile: no token',
    method: 'put',
    path: '/api/v1/auth/profile',
    token: 'none',
    body: { name: 'Changed Name' },
    status: 401,
  },
  {
    name: 'user-auth: token signed with another secret',
    method: 'get',
    path: '/api/v1/auth/user-auth',
    token: 'forged',
    status: 401,
  },
  {
    name: 'user-auth: 5 000-character Authorization header',
    method: 'get',
    path: '/api/v1/auth/user-auth',
    token: 'none',
    headers: { Authorization: `Bearer ${long(5000, 'x')}` },
    status: 401,
  },
  {
    name: "admin-auth: a shopper's token",
    method: 'get',
    path: '/api/v1/auth/admin-auth',
    token: 'shopper',
    status: 403,
  },
  // --- categories -----------------------------------------------------------------------
  {
    name: 'create-category: operator object as name',
    method: 'post',
    path: '/api/v1/category/create-category',
    token: 'admin',
    body: { name: { $gt: '' } },
    status: 400,
  },
  {
    name: 'create-category: name missing',
    method: 'post',
    path: '/api/v1/category/create-category',
    token: 'admin',
    body: {},
    status: 400,
  },
  {
    name: 'create-category: 10 000-character name',
    method: 'post',
    path: '/api/v1/category/create-category',
    token: 'admin',
    body: { name: long(10_000) },
    status: 400,
  },
  {
    name: 'create-category: name of spaces only',
    method: 'post',
    path: '/api/v1/category/create-category',
    token: 'admin',
    body: { name: '    ' },
    status: 400,
  },
  {
    name: 'create-category: name already taken (other case)',
    method: 'post',
    path: '/api/v1/category/create-category',
    token: 'admin',
    body: (ids) => ({ name: ids.otherCategoryName.toUpperCase() }),
    status: 409,
  },
  {
    name: 'create-category: shopper token',
    method: 'post',
    path: '/api/v1/category/create-category',
    token: 'shopper',
    body: { name: 'Toys' },
    status: 403,
  },
  {
    name: 'create-category: no token',
    method: 'post',
    path: '/api/v1/category/create-category',
    token: 'none',
    body: { name: 'Toys' },
    status: 401,
  },
  {
    name: 'update-category: invalid id',
    method: 'put',
    path: '/api/v1/category/update-category/not-an-id',
    token: 'admin',
    body: { name: 'Toys' },
    status: 400,
  },
  {
    name: 'update-category: number where the name belongs',
    method: 'put',
    path: '/api/v1/category/update-category/{category}',
    token: 'admin',
    body: { name: 42 },
    status: 400,
    target: 'category',
  },
  {
    name: 'update-category: unknown id',
    method: 'put',
    path: '/api/v1/category/update-category/{missing}',
    token: 'admin',
    body: { name: 'Toys' },
    status: 404,
  },
  {
    name: "update-category: another category's name",
    method: 'put',
    path: '/api/v1/category/update-category/{category}',
    token: 'admin',
    body: (ids) => ({ name: ids.otherCategoryName }),
    status: 409,
    target: 'category',
  },
  {
    name: 'delete-category: invalid id',
    method: 'delete',
    path: '/api/v1/category/delete-category/12345',
    token: 'admin',
    status: 400,
  },
  {
    name: 'delete-category: unknown id',
    method: 'delete',
    path: '/api/v1/category/delete-category/{missing}',
    token: 'admin',
    status: 404,
  },
  {
    name: 'delete-category: shopper token',
    method: 'delete',
    path: '/api/v1/category/delete-category/{emptyCategory}',
    token: 'shopper',
    status: 403,
    target: 'emptyCategory',
  },
  // --- create-product -------------------------------------------------------------------
  {
    name: "create-product: price 'abc'",
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), price: 'abc' }) },
    status: 400,
  },
  {
    name: 'create-product: negative price',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), price: '-1' }) },
    status: 400,
  },
  {
    name: 'create-product: non-integer quantity',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), quantity: '2.5' }) },
    status: 400,
  },
  {
    name: 'create-product: negative quantity',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), quantity: '-3' }) },
    status: 400,
  },
  {
    name: 'create-product: unknown category id',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), category: ids.missing }) },
    status: 400,
  },
  {
    name: 'create-product: category that is not an id',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), category: 'electronics' }) },
    status: 400,
  },
  {
    name: 'create-product: name missing',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: {
      fields: (ids) => {
        const { name: _name, ...rest } = productForm(ids);
        return rest;
      },
    },
    status: 400,
  },
  {
    name: 'create-product: name sent twice (array where a string belongs)',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), name: ['Watch one', 'Watch two'] }) },
    status: 400,
  },
  {
    name: 'create-product: 10 000-character description',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), description: long(10_000) }) },
    status: 400,
  },
  {
    name: "create-product: shipping 'maybe'",
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: { fields: (ids) => ({ ...productForm(ids), shipping: 'maybe' }) },
    status: 400,
  },
  {
    name: 'create-product: photo over 1 MB',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: { fields: productForm, files: { photo: oversizePhoto } },
    status: 413,
  },
  {
    name: 'create-product: text file named .png as photo',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: { fields: productForm, files: { photo: textAsPng } },
    status: 400,
  },
  {
    name: 'create-product: file under an unexpected field name',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    form: {
      fields: productForm,
      files: { image: { ...textAsPng, buffer: PNG_SIGNATURE, filename: 'a.png' } },
    },
    status: 400,
  },
  {
    name: 'create-product: JSON with an array where the price belongs',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    body: (ids) => ({ ...productForm(ids), price: [2495] }),
    status: 400,
  },
  {
    name: 'create-product: malformed multipart body',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'admin',
    raw: {
      type: 'multipart/form-data; boundary=----shop',
      data: '------shop\r\nContent-Disposition: form-data; name="name"\r\n\r\nhalf a form',
    },
    status: 400,
  },
  {
    name: 'create-product: shopper token',
    method: 'post',
    path: '/api/v1/product/create-product',
    token: 'shopper',
    form: { fields: productForm },
    status: 403,
  },
  // --- update-product and other product routes ------------------------------------------
  {
    name: 'update-product: invalid id',
    method: 'put',
    path: '/api/v1/product/update-product/xyz',
    token: 'admin',
    body: { price: 100 },
    status: 400,
  },
  {
    name: 'update-product: negative price',
    method: 'put',
    path: '/api/v1/product/update-product/{product}',
    token: 'admin',
    body: { price: -1 },
    status: 400,
    target: 'product',
  },
  {
    name: "update-product: price 'abc'",
    method: 'put',
    path: '/api/v1/product/update-product/{product}',
    token: 'admin',
    body: { price: 'abc' },
    status: 400,
    target: 'product',
  },
  {
    name: 'update-product: non-integer quantity',
    method: 'put',
    path: '/api/v1/product/update-product/{product}',
    token: 'admin',
    body: { quantity: 1.5 },
    status: 400,
    target: 'product',
  },
  {
    name: 'update-product: operator object as name',
    method: 'put',
    path: '/api/v1/product/update-product/{product}',
    token: 'admin',
    body: { name: { $set: 'x' }, price: 1 },
    status: 400,
    target: 'product',
  },
  {
    name: 'update-product: unknown category id',
    method: 'put',
    path: '/api/v1/product/update-product/{product}',
    token: 'admin',
    body: (ids) => ({ category: ids.missing, price: 1 }),
    status: 400,
    target: 'product',
  },
  {
    name: 'update-product: text file named .png as photo',
    method: 'put',
    path: '/api/v1/product/update-product/{product}',
    token: 'admin',
    form: { fields: () => ({ price: '1' }), files: { photo: textAsPng } },
    status: 400,
    target: 'product',
  },
  {
    name: 'update-product: photo over 1 MB',
    method: 'put',
    path: '/api/v1/product/update-product/{product}',
    token: 'admin',
    form: { fields: () => ({ price: '1' }), files: { photo: oversizePhoto } },
    status: 413,
    target: 'product',
  },
  {
    name: 'update-product: unknown id',
    method: 'put',
    path: '/api/v1/product/update-product/{missing}',
    token: 'admin',
    body: { price: 100 },
    status: 404,
  },
  {
    name: 'update-product: shopper token',
    method: 'put',
    path: '/api/v1/product/update-product/{product}',
    token: 'shopper',
    body: { price: 1 },
    status: 403,
    target: 'product',
  },
  {
    name: 'delete-product: invalid id',
    method: 'delete',
    path: '/api/v1/product/delete-product/nope',
    token: 'admin',
    status: 400,
  },
  {
    name: 'delete-product: unknown id',
    method: 'delete',
    path: '/api/v1/product/delete-product/{missing}',
    token: 'admin',
    status: 404,
  },
  {
    name: 'product-photo: invalid id',
    method: 'get',
    path: '/api/v1/product/product-photo/abc',
    token: 'none',
    status: 400,
  },
  {
    name: 'product-photo: unknown id',
    method: 'get',
    path: '/api/v1/product/product-photo/{missing}',
    token: 'none',
    status: 404,
  },
  {
    name: 'related-product: invalid ids',
    method: 'get',
    path: '/api/v1/product/related-product/abc/def',
    token: 'none',
    status: 400,
  },
  {
    name: 'get-product: unknown slug',
    method: 'get',
    path: '/api/v1/product/get-product/no-such-product',
    token: 'none',
    status: 404,
  },
  {
    name: 'product-list: page 0',
    method: 'get',
    path: '/api/v1/product/product-list/0',
    token: 'none',
    status: 400,
  },
  {
    name: "product-list: page 'x'",
    method: 'get',
    path: '/api/v1/product/product-list/x',
    token: 'none',
    status: 400,
  },
  {
    name: 'search: 10 000-character keyword',
    method: 'get',
    path: `/api/v1/product/search/${long(10_000, 'k')}`,
    token: 'none',
    status: 400,
  },
  {
    name: 'product-filters: operator object among the checked ids',
    method: 'post',
    path: '/api/v1/product/product-filters',
    token: 'none',
    body: { checked: [{ $ne: null }], radio: [] },
    status: 400,
  },
  {
    name: 'product-filters: checked as a string',
    method: 'post',
    path: '/api/v1/product/product-filters',
    token: 'none',
    body: (ids) => ({ checked: ids.category, radio: [] }),
    status: 400,
  },
  {
    name: 'product-filters: radio with one element',
    method: 'post',
    path: '/api/v1/product/product-filters',
    token: 'none',
    body: { checked: [], radio: [1000] },
    status: 400,
  },
  {
    name: 'product-filters: radio min above max',
    method: 'post',
    path: '/api/v1/product/product-filters',
    token: 'none',
    body: { checked: [], radio: [5000, 100] },
    status: 400,
  },
  {
    name: 'product-filters: radio of strings',
    method: 'post',
    path: '/api/v1/product/product-filters',
    token: 'none',
    body: { checked: [], radio: ['cheap', 'dear'] },
    status: 400,
  },
  {
    name: 'product-filters: negative price bound',
    method: 'post',
    path: '/api/v1/product/product-filters',
    token: 'none',
    body: { checked: [], radio: [-10, 100] },
    status: 400,
  },
  // --- orders ---------------------------------------------------------------------------
  {
    name: 'order-status: status not in the list',
    method: 'put',
    path: '/api/v1/auth/order-status/{order}',
    token: 'admin',
    body: { status: 'Lost in transit' },
    status: 400,
    target: 'order',
  },
  {
    name: 'order-status: operator object as status',
    method: 'put',
    path: '/api/v1/auth/order-status/{order}',
    token: 'admin',
    body: { status: { $ne: 'Not Processed' } },
    status: 400,
    target: 'order',
  },
  {
    name: 'order-status: status missing',
    method: 'put',
    path: '/api/v1/auth/order-status/{order}',
    token: 'admin',
    body: {},
    status: 400,
    target: 'order',
  },
  {
    name: 'order-status: invalid id',
    method: 'put',
    path: '/api/v1/auth/order-status/xyz',
    token: 'admin',
    body: { status: 'Shipped' },
    status: 400,
  },
  {
    name: 'order-status: unknown id',
    method: 'put',
    path: '/api/v1/auth/order-status/{missing}',
    token: 'admin',
    body: { status: 'Shipped' },
    status: 404,
  },
  {
    name: 'order-status: shopper token',
    method: 'put',
    path: '/api/v1/auth/order-status/{order}',
    token: 'shopper',
    body: { status: 'Delivered' },
    status: 403,
    target: 'order',
  },
  {
    name: 'all-orders: page 0',
    method: 'get',
    path: '/api/v1/auth/all-orders?page=0',
    token: 'admin',
    status: 400,
  },
  {
    name: "all-orders: page 'x'",
    method: 'get',
    path: '/api/v1/auth/all-orders?page=x',
    token: 'admin',
    status: 400,
  },
  {
    name: 'all-orders: status not in the list',
    method: 'get',
    path: '/api/v1/auth/all-orders?status=Lost',
    token: 'admin',
    status: 400,
  },
  // --- checkout -------------------------------------------------------------------------
  {
    name: 'checkout: empty cart',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [] }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: quantity 0',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.product, quantity: 0 }] }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: quantity 1000',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.product, quantity: 1000 }] }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: negative quantity',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.product, quantity: -2 }] }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: non-integer quantity',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.product, quantity: 1.5 }] }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: quantity as a string',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.product, quantity: '1' }] }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: two lines of one product adding up to over 100',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) =>
      checkoutBody(ids, {
        lines: [
          { productId: ids.product, quantity: 60 },
          { productId: ids.product, quantity: 60 },
        ],
      }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: product id that is not an id',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: 'abc', quantity: 1 }] }),
    status: 400,
  },
  {
    name: 'checkout: operator object as product id',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: { $ne: null }, quantity: 1 }] }),
    status: 400,
  },
  {
    name: 'checkout: product that does not exist',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.missing, quantity: 1 }] }),
    status: 400,
  },
  {
    name: 'checkout: lines as an object',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: { productId: ids.product, quantity: 1 } }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: a string among the lines',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [ids.product] }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: sold-out product',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [{ productId: ids.soldOut, quantity: 1 }] }),
    status: 409,
  },
  {
    name: 'checkout: card number failing the Luhn check',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { card: { ...APPROVED_CARD, number: '4242424242424241' } }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: card number with letters',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { card: { ...APPROVED_CARD, number: '4242-abcd-4242-4242' } }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: expired card',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { card: { ...APPROVED_CARD, expiry: '01/20' } }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: expiry month 13',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { card: { ...APPROVED_CARD, expiry: '13/30' } }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: cvv of two digits',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { card: { ...APPROVED_CARD, cvv: '12' } }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: card missing',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => ({ lines: [{ productId: ids.product, quantity: 1 }] }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: card as an array (array where the object belongs)',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { card: [APPROVED_CARD] }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: card number as a number',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { card: { ...APPROVED_CARD, number: 4242424242424242 } }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: 10 000-character address',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { address: long(10_000) }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: operator object as idempotency key',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { idempotencyKey: { $ne: null } }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: Idempotency-Key header with spaces and punctuation',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids),
    headers: { 'Idempotency-Key': 'not a key!' },
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: no token',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'none',
    body: (ids) => checkoutBody(ids),
    status: 401,
    target: 'product',
  },
  {
    name: 'checkout: card as a string',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { card: APPROVED_CARD.number }),
    status: 400,
    target: 'product',
  },
  {
    name: 'checkout: null among the lines',
    method: 'post',
    path: '/api/v1/product/checkout',
    token: 'shopper',
    body: (ids) => checkoutBody(ids, { lines: [null] }),
    status: 400,
    target: 'product',
  },
  // --- anywhere -------------------------------------------------------------------------
  {
    name: 'login: email nested 5 000 arrays deep',
    method: 'post',
    path: '/api/v1/auth/login',
    token: 'none',
    raw: {
      type: 'application/json',
      data: `{"email": ${'['.repeat(5000)}${']'.repeat(5000)}, "password": "shopper123"}`,
    },
    status: 400,
  },
  {
    name: 'search: malformed percent-encoding in the keyword',
    method: 'get',
    path: '/api/v1/product/search/%E0%A4%A',
    token: 'none',
    status: 400,
  },
  {
    name: 'product-filters: three prices in radio',
    method: 'post',
    path: '/api/v1/product/product-filters',
    token: 'none',
    body: { checked: [], radio: [1, 2, 3] },
    status: 400,
  },
  // Last, so that if it wrongly deletes the category no other case is affected.
  {
    name: 'delete-category: still holding products',
    method: 'delete',
    path: '/api/v1/category/delete-category/{category}',
    token: 'admin',
    status: 409,
    target: 'category',
  },
];

describe('bad requests', () => {
  let test: TestApp;
  let admin: Session;
  let shopper: Session;
  let ids: Ids;

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin, shopper } = await seeded(test));
    const product = await stockedProduct(test, 10);
    const soldOut = await test.connection.collection('products').findOne({ quantity: 0 });
    const categories = await test.connection.collection('categories').find().toArray();
    const other = categories.find((category) => !category._id.equals(product.category));
    const empty = await test
      .http()
      .post('/api/v1/category/create-category')
      .set(admin.auth)
      .send({ name: 'Stationery' })
      .expect(201);
    const order = await test
      .http()
      .post('/api/v1/product/checkout')
      .set(shopper.auth)
      .send({ lines: [{ productId: String(product._id), quantity: 1 }], card: APPROVED_CARD })
      .expect(201);
    ids = {
      product: String(product._id),
      productSlug: product.slug,
      soldOut: String(soldOut!._id),
      category: String(product.category),
      emptyCategory: empty.body.category._id,
      otherCategoryName: other!.name,
      order: order.body.order._id,
      missing: missingId(),
      shopperEmail: test.config.shopper.email,
    };
  });
  afterAll(() => test.close());

  function tokenOf(token: Token): string | undefined {
    if (token === 'admin') return admin.token;
    if (token === 'shopper') return shopper.token;
    if (token === 'forged')
      return jwt.sign({ sub: admin.userId }, 'another-secret-of-enough-length!!');
    return undefined;
  }

  function send(badCase: BadCase): Test {
    const path = badCase.path.replace(/\{(\w+)\}/g, (_match, key: keyof Ids) => ids[key]);
    let request = test.http()[badCase.method](path);
    const token = tokenOf(badCase.token);
    if (token) request = request.set('Authorization', token);
    for (const [name, value] of Object.entries(badCase.headers ?? {})) {
      request = request.set(name, value);
    }
    if (badCase.raw) return request.set('Content-Type', badCase.raw.type).send(badCase.raw.data);
    if (badCase.form) {
      for (const [name, value] of Object.entries(badCase.form.fields?.(ids) ?? {})) {
        for (const one of Array.isArray(value) ? value : [value])
          request = request.field(name, one);
      }
      for (const [name, file] of Object.entries(badCase.form.files ?? {})) {
        request = request.attach(name, file.buffer, {
          filename: file.filename,
          contentType: file.contentType,
        });
      }
      return request;
    }
    if (badCase.body === undefined) return request;
    const body = typeof badCase.body === 'function' ? badCase.body(ids) : badCase.body;
    return request.send(body as object);
  }

  async function readTarget(target: Target | undefined): Promise<unknown> {
    if (!target) return null;
    const byId = (collection: string, id: string) =>
      test.connection.collection(collection).findOne({ _id: new Types.ObjectId(id) });
    switch (target) {
      case 'product': {
        const [product, photo] = await Promise.all([
          byId('products', ids.product),
          test.connection
            .collection('product_photos')
            .findOne({ _id: new Types.ObjectId(ids.product) }, { projection: { data: 0 } }),
        ]);
        return { product, photo };
      }
      case 'category':
        return byId('categories', ids.category);
      case 'emptyCategory':
        return byId('categories', ids.emptyCategory);
      case 'order':
        return byId('orders', ids.order);
      case 'shopper':
        return byId('users', shopper.userId);
    }
  }

  it('has at least 30 distinct cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(new Set(cases.map((badCase) => badCase.name)).size).toBe(cases.length);
  });

  it.each(cases)('$name -> $status', async (badCase) => {
    const countsBefore = await test.counts();
    const before = await snapshot(test);
    const targetBefore = await readTarget(badCase.target);

    const response = await send(badCase);

    expectError(response, badCase.status);
    expect(await test.counts()).toEqual(countsBefore);
    if (badCase.target) {
      expect(targetBefore).not.toBeNull();
      expect(await readTarget(badCase.target)).toEqual(targetBefore);
    }
    expect(await snapshot(test)).toEqual(before);
  });

  it('leaves the targeted fields as they were (spot checks through the API)', async () => {
    const product = await test.http().get(`/api/v1/product/get-product/${ids.productSlug}`);
    const stored = await test.connection
      .collection('products')
      .findOne({ _id: new Types.ObjectId(ids.product) });
    // Stored in paise, answered in rupees.
    expect(product.body.product.price).toBe(stored!.price / 100);
    expect(product.body.product.price).toBeGreaterThan(1);
    const categories = await test.http().get('/api/v1/category/get-category').expect(200);
    expect(categories.body.category.map((category: { name: string }) => category.name)).toContain(
      'Stationery',
    );
    const orders = await test.http().get('/api/v1/auth/orders').set(shopper.auth).expect(200);
    expect(orders.body).toHaveLength(1);
    expect(orders.body[0].status).toBe('Not Processed');
    // The shopper's password survived every forgot-password and profile case.
    await test
      .http()
      .post('/api/v1/auth/login')
      .send({ email: ids.shopperEmail, password: test.config.shopper.password })
      .expect(200);
  });
});

describe('unknown fields in valid requests', () => {
  let test: TestApp;
  let admin: Session;
  let shopper: Session;

  beforeAll(async () => {
    test = await startTestApp();
    ({ admin, shopper } = await seeded(test));
  });
  afterAll(() => test.close());

  it('registers a shopper whatever role or admin flag the body claims', async () => {
    const forgedId = missingId();
    const response = await test
      .http()
      .post('/api/v1/auth/register')
      .send({ ...newUser, role: 1, isAdmin: true, _id: forgedId, createdAt: '2001-01-01' })
      .expect(201);
    expect(response.body).toMatchObject({ success: true, user: { role: 0 } });
    expect(response.body.user._id).not.toBe(forgedId);
    const stored = await test.connection.collection('users').findOne({ email: newUser.email });
    expect(stored).toMatchObject({ role: 0 });
    expect(stored).not.toHaveProperty('isAdmin');
    expect(String(stored!._id)).not.toBe(forgedId);
    expect(new Date(stored!.createdAt).getFullYear()).toBeGreaterThan(2001);

    const login = await test
      .http()
      .post('/api/v1/auth/login')
      .send({ email: newUser.email, password: newUser.password })
      .expect(200);
    expectError(
      await test.http().get('/api/v1/auth/admin-auth').set('Authorization', login.body.token),
      403,
    );
  });

  it('keeps a shopper a shopper when the profile update claims role 1', async () => {
    const response = await test
      .http()
      .put('/api/v1/auth/profile')
      .set(shopper.auth)
      .send({ name: 'Priya S.', role: 1, isAdmin: true })
      .expect(200);
    expect(response.body.updatedUser).toMatchObject({ name: 'Priya S.', role: 0 });
    const stored = await test.connection
      .collection('users')
      .findOne({ _id: new Types.ObjectId(shopper.userId) });
    expect(stored).toMatchObject({ name: 'Priya S.', role: 0 });
    expect(stored).not.toHaveProperty('isAdmin');
  });

  it('derives the slug from the name whatever slug a new category claims', async () => {
    const response = await test
      .http()
      .post('/api/v1/category/create-category')
      .set(admin.auth)
      .send({ name: 'Garden Tools', slug: 'hacked', _id: missingId(), extra: { $where: '1' } })
      .expect(201);
    expect(response.body.category).toMatchObject({ name: 'Garden Tools', slug: 'garden-tools' });
    expect(response.body.category).not.toHaveProperty('extra');
  });

  it('ignores slug and photo hash sent with a new product', async () => {
    const category = await test.connection.collection('categories').findOne({});
    const response = await test
      .http()
      .post('/api/v1/product/create-product')
      .set(admin.auth)
      .send({
        name: 'Prestige Iris Mixer Grinder',
        description: 'A 750 watt mixer grinder with three stainless steel jars and a juicer jar.',
        price: 3299,
        quantity: 4,
        category: String(category!._id),
        slug: 'free-stuff',
        photoHash: 'forged',
        createdAt: '2001-01-01',
      })
      .expect(201);
    expect(response.body.products).toMatchObject({
      slug: 'prestige-iris-mixer-grinder',
      photoHash: null,
      price: 3299,
    });
  });

  it('filters by category and price, ignoring unknown fields beside checked and radio', async () => {
    const all = await test.http().get('/api/v1/product/get-product').expect(200);
    const categoryId = String(all.body.products[0].category);
    const expected = all.body.products
      .filter((product: { category: string; price: number }) => product.category === categoryId)
      .filter((product: { price: number }) => product.price >= 0 && product.price <= 200_000);
    expect(expected.length).toBeGreaterThan(1);
    const response = await test
      .http()
      .post('/api/v1/product/product-filters')
      .send({ checked: [categoryId], radio: [0, 200_000], sort: { $natural: -1 }, $where: '1' })
      .expect(200);
    expect(response.body.products.map((product: { _id: string }) => product._id).sort()).toEqual(
      expected.map((product: { _id: string }) => product._id).sort(),
    );
  });

  it('lets a shopper log in with the password exactly as registered, spaces included', async () => {
    const password = '  spaced out  ';
    await test
      .http()
      .post('/api/v1/auth/register')
      .send({ ...newUser, email: 'spaces@example.in', password })
      .expect(201);
    await test
      .http()
      .post('/api/v1/auth/login')
      .send({ email: 'spaces@example.in', password })
      .expect(200);
  });
});
