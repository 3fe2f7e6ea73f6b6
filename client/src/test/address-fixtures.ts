import { AddAddressDocument, AddressPinPlaceDocument, MyAddressesDocument } from '../gql/graphql';
import type {
  AddAddressMutationVariables,
  AddressFieldsFragment,
  AddressPinPlaceQuery,
} from '../gql/graphql';
import { Answer, graphQLErrorResult, mockOf } from './fixtures';

/** Saved addresses, PIN places and the mocks of the address book and the address form. */

export type AddressFixture = Answer<AddressFieldsFragment>;

/** Asha's home in Bengaluru, the default. */
export const HOME: AddressFixture = {
  __typename: 'Address',
  id: 'a1',
  name: 'Asha Rao',
  mobile: '9845012345',
  line1: '12 MG Road',
  line2: 'Shanthala Nagar',
  landmark: 'Near Cubbon Park',
  city: 'Bengaluru',
  stateCode: '29',
  state: 'Karnataka',
  pin: '560001',
  isDefault: true,
};

/** Her parents' home in Mumbai. */
export const PARENTS: AddressFixture = {
  __typename: 'Address',
  id: 'a2',
  name: 'Ravi Rao',
  mobile: '9820012345',
  line1: '42 Marine Drive',
  line2: '',
  landmark: '',
  city: 'Mumbai',
  stateCode: '27',
  state: 'Maharashtra',
  pin: '400020',
  isDefault: false,
};

/** MyAddresses answering `book` (or the book as it is when asked), however often it is asked. */
export function myAddressesMock(book: AddressFixture[] | (() => AddressFixture[])) {
  return mockOf(MyAddressesDocument, {
    result: () => ({ data: { myAddresses: typeof book === 'function' ? book() : book } }),
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

/** Where India Post puts a PIN, as the server answers `pinCode`. */
export function pinPlace(pin: string, city: string, code: string, state: string) {
  const place: Answer<NonNullable<AddressPinPlaceQuery['pinCode']>> = {
    __typename: 'PinPlace',
    pin,
    city,
    state: { __typename: 'IndianState', code, name: state },
  };
  return place;
}

/** AddressPinPlace for `pin`: its place, or null for a PIN India Post does not have. */
export function pinPlaceMock(pin: string, place: ReturnType<typeof pinPlace> | null) {
  return mockOf(AddressPinPlaceDocument, {
    variables: { pin },
    result: { data: { pinCode: place } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}

/**
 * AddAddress answering `added` (or refusing with `refusal`); each request's variables are
 * pushed to `calls`.
 */
export function addAddressMock(
  outcome: { added: AddressFixture } | { refusal: string },
  calls: AddAddressMutationVariables[],
) {
  return mockOf(AddAddressDocument, {
    variables: () => true,
    result: (variables) => {
      calls.push(variables);
      return 'added' in outcome
        ? { data: { addAddress: outcome.added } }
        : graphQLErrorResult(outcome.refusal);
    },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}
