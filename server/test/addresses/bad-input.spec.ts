import { Types } from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ADDRESS_RULES,
  controlCharactersIn,
  PIN_FORMAT,
  PIN_NOT_KNOWN,
} from '../../src/shared/rules';
import { badRequestSuite, BadRequest, long } from '../support/bad-requests';
import { snapshot } from '../support/fixtures';
import { expectRefused, gql } from '../support/gql';
import { ADD_ADDRESS, bengaluru, UPDATE_ADDRESS } from './operations';

const MOBILE = `mobile: ${ADDRESS_RULES.mobile}`;

/** An address refused for one field: what is sent, and the message naming the field. */
interface BadAddress {
  name: string;
  input: Record<string, unknown>;
  message: string;
  /** Only REST can send it: GraphQL's types refuse it before any rule runs. */
  restOnly?: boolean;
}

const BAD_ADDRESSES: BadAddress[] = [
  { name: 'a mobile of 5 digits', input: bengaluru({ mobile: '98765' }), message: MOBILE },
  {
    name: 'a mobile starting with 1',
    input: bengaluru({ mobile: '12345 67890' }),
    message: MOBILE,
  },
  { name: 'a mobile starting with 5', input: bengaluru({ mobile: '5876543210' }), message: MOBILE },
  {
    name: 'a mobile of 11 digits after +91',
    input: bengaluru({ mobile: '+91 98450 123456' }),
    message: MOBILE,
  },
  {
    name: 'a mobile of letters',
    input: bengaluru({ mobile: 'call me maybe' }),
    message: MOBILE,
  },
  {
    name: 'an empty mobile',
    input: bengaluru({ mobile: '  ' }),
    message: `mobile: ${ADDRESS_RULES.required.mobile}`,
  },
  { name: 'a PIN of 5 digits', input: bengaluru({ pin: '56000' }), message: `pin: ${PIN_FORMAT}` },
  {
    name: 'a PIN starting with 0',
    input: bengaluru({ pin: '060001' }),
    message: `pin: ${PIN_FORMAT}`,
  },
  { name: 'a PIN of letters', input: bengaluru({ pin: 'abcdef' }), message: `pin: ${PIN_FORMAT}` },
  {
    name: 'a PIN India Post does not have',
    input: bengaluru({ pin: '100001' }),
    message: `pin: ${PIN_NOT_KNOWN}`,
  },
  {
    name: 'a Bengaluru PIN in Maharashtra',
    input: bengaluru({ stateCode: '27' }),
    message:
      'pin: PIN code 560001 is in Karnataka, not in Maharashtra: check the PIN code or the state',
  },
  {
    name: 'a Delhi PIN in Haryana, the state named',
    input: bengaluru({ pin: '110001', city: 'New Delhi', stateCode: 'Haryana' }),
    message: 'pin: PIN code 110001 is in Delhi, not in Haryana: check the PIN code or the state',
  },
  {
    name: 'a state code no state has',
    input: bengaluru({ stateCode: '25' }),
    message: `stateCode: ${ADDRESS_RULES.stateCode}`,
  },
  {
    name: 'no state',
    input: bengaluru({ stateCode: '' }),
    message: `stateCode: ${ADDRESS_RULES.required.stateCode}`,
  },
  {
    name: 'a name of 101 characters',
    input: bengaluru({ name: long(101) }),
    message: 'name: At most 100 characters',
  },
  {
    name: 'a blank name',
    input: bengaluru({ name: '   ' }),
    message: `name: ${ADDRESS_RULES.required.name}`,
  },
  {
    name: 'a line 1 of 121 characters',
    input: bengaluru({ line1: long(121) }),
    message: 'line1: At most 120 characters',
  },
  {
    name: 'a line 2 of 121 characters',
    input: bengaluru({ line2: long(121) }),
    message: 'line2: At most 120 characters',
  },
  {
    name: 'a landmark of 81 characters',
    input: bengaluru({ landmark: long(81) }),
    message: 'landmark: At most 80 characters',
  },
  {
    name: 'a city of 61 characters',
    input: bengaluru({ city: long(61) }),
    message: 'city: At most 60 characters',
  },
  {
    name: 'a mobile of 21 characters',
    input: bengaluru({ mobile: long(21, '9') }),
    message: 'mobile: At most 20 characters',
  },
  {
    name: 'a line 1 with a control character',
    input: bengaluru({ line1: '12 MG Road\u0000' }),
    message: controlCharactersIn('line1'),
  },
  {
    name: 'no line 1',
    input: bengaluru({ line1: undefined }),
    message: `line1: ${ADDRESS_RULES.required.line1}`,
    restOnly: true,
  },
  {
    name: 'a number as the name',
    input: bengaluru({ name: 12345 }),
    message: 'name: Must be text',
    restOnly: true,
  },
  {
    name: 'an operator object as the city',
    input: bengaluru({ city: { $ne: null } }),
    message: 'city: Must be text',
    restOnly: true,
  },
  {
    name: 'makeDefault as text',
    input: bengaluru({ makeDefault: 'yes' }),
    message: 'makeDefault must be true or false',
    restOnly: true,
  },
];

/** The REST cases: each bad address added, and written over the shopper's first address. */
const CASES: BadRequest[] = [
  ...BAD_ADDRESSES.map(({ name, input, message }): BadRequest => ({
    name: `add: ${name}`,
    call: 'POST /api/v1/auth/addresses',
    as: 'shopper',
    body: input,
    status: 400,
    message,
    target: 'shopper',
  })),
  {
    name: 'add: signed out',
    call: 'POST /api/v1/auth/addresses',
    body: bengaluru(),
    status: 401,
    message: 'Please sign in',
  },
  {
    name: 'update: an address the book does not have',
    call: 'PUT /api/v1/auth/addresses/{missing}',
    as: 'shopper',
    body: bengaluru(),
    status: 404,
    message: ADDRESS_RULES.notFound,
    target: 'shopper',
  },
  {
    name: 'update: an id that is not one',
    call: 'PUT /api/v1/auth/addresses/not-an-id',
    as: 'shopper',
    body: bengaluru(),
    status: 400,
    message: 'Invalid id',
    target: 'shopper',
  },
  {
    name: 'delete: an address the book does not have',
    call: 'DELETE /api/v1/auth/addresses/{missing}',
    as: 'shopper',
    status: 404,
    message: ADDRESS_RULES.notFound,
    target: 'shopper',
  },
  {
    name: 'default: an address the book does not have',
    call: 'PUT /api/v1/auth/addresses/{missing}/default',
    as: 'shopper',
    status: 404,
    message: ADDRESS_RULES.notFound,
    target: 'shopper',
  },
];

describe('bad addresses: a 400 naming the field, nothing changed', () => {
  const { shop } = badRequestSuite(CASES);
  const shopperId = () => new Types.ObjectId(shop.shopper.userId);
  let first: string;

  beforeAll(async () => {
    const shopper = await shop.connection.collection('users').findOne({ _id: shopperId() });
    first = String(shopper!.addresses[0]._id);
  });

  // A test each, as the rows above are: one at a time, they outlast a test's time on a busy machine.
  it.each(BAD_ADDRESSES)(
    'REST: refuses $name written over an address the same way',
    async ({ name, input, message }) => {
      const before = await snapshot(shop);
      const response = await shop
        .http()
        .put(`/api/v1/auth/addresses/${first}`)
        .set(shop.shopper.auth)
        .send(input);
      expect({ status: response.status, message: response.body.message }, name).toEqual({
        status: 400,
        message,
      });
      expect(await snapshot(shop), name).toEqual(before);
    },
  );

  describe('GraphQL: addAddress and updateAddress answer BAD_USER_INPUT', () => {
    it.each(BAD_ADDRESSES.filter((bad) => !bad.restOnly))('$name', async ({ input, message }) => {
      const before = await snapshot(shop);
      const added = await gql(shop, ADD_ADDRESS, { input }, shop.shopper);
      expect(expectRefused(added, 'BAD_USER_INPUT', 'addAddress').message).toBe(message);
      const updated = await gql(shop, UPDATE_ADDRESS, { id: first, input }, shop.shopper);
      expect(expectRefused(updated, 'BAD_USER_INPUT', 'updateAddress').message).toBe(message);
      expect(await snapshot(shop)).toEqual(before);
    });
  });
});
