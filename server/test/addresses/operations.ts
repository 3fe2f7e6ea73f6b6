import type { Session, TestApp } from '../support/test-app';
import { gql, gqlOk } from '../support/gql';

/** What the address tests ask of an address over GraphQL. */
export const ADDRESS_FIELDS =
  'id name mobile line1 line2 landmark city stateCode state pin isDefault';

export interface AddressView {
  id: string;
  name: string;
  mobile: string;
  line1: string;
  line2: string;
  landmark: string;
  city: string;
  stateCode: string;
  state: string;
  pin: string;
  isDefault: boolean;
}

/** An address as REST answers it. */
export type RestAddress = Omit<AddressView, 'id'> & { _id: string };

export const MY_ADDRESSES = `{ myAddresses { ${ADDRESS_FIELDS} } }`;
export const ADD_ADDRESS = `mutation ($input: AddressInput!) { addAddress(input: $input) { ${ADDRESS_FIELDS} } }`;
export const UPDATE_ADDRESS = `mutation ($id: ID!, $input: AddressInput!) { updateAddress(id: $id, input: $input) { ${ADDRESS_FIELDS} } }`;
export const DELETE_ADDRESS = `mutation ($id: ID!) { deleteAddress(id: $id) { ${ADDRESS_FIELDS} } }`;
export const SET_DEFAULT = `mutation ($id: ID!) { setDefaultAddress(id: $id) { ${ADDRESS_FIELDS} } }`;

/** A good address in Bengaluru, with `changes` made to it. */
export const bengaluru = (changes: Record<string, unknown> = {}) => ({
  name: 'Asha Verma',
  mobile: '+91 98450 12345',
  line1: '12 MG Road',
  line2: 'Shanthala Nagar',
  landmark: 'Near Cubbon Park',
  city: 'Bengaluru',
  stateCode: '29',
  pin: '560001',
  ...changes,
});

/** A good address in Mumbai, with `changes` made to it. */
export const mumbai = (changes: Record<string, unknown> = {}) => ({
  name: 'Rahul Mehta',
  mobile: '98200-12345',
  line1: '42 Marine Drive',
  city: 'Mumbai',
  stateCode: '27',
  pin: '400020',
  ...changes,
});

export const restAddresses = (test: TestApp, session: Session) =>
  test.http().get('/api/v1/auth/addresses').set(session.auth);

export const restAdd = (test: TestApp, session: Session, body: object) =>
  test.http().post('/api/v1/auth/addresses').set(session.auth).send(body);

/** Adds an address over GraphQL, which must succeed. */
export async function gqlAdd(test: TestApp, session: Session, input: object): Promise<AddressView> {
  return (await gqlOk<{ addAddress: AddressView }>(test, ADD_ADDRESS, { input }, session))
    .addAddress;
}

/** The shopper's book over GraphQL. */
export async function myAddresses(test: TestApp, session: Session): Promise<AddressView[]> {
  return (await gqlOk<{ myAddresses: AddressView[] }>(test, MY_ADDRESSES, {}, session)).myAddresses;
}

export const gqlAddAnswer = (test: TestApp, session: Session, input: object) =>
  gql<{ addAddress: AddressView }>(test, ADD_ADDRESS, { input }, session);

/** Which address of a book is the default, by name: exactly one, or the test fails on it. */
export const defaultsOf = (book: { name: string; isDefault: boolean }[]) =>
  book.filter((one) => one.isDefault).map((one) => one.name);
