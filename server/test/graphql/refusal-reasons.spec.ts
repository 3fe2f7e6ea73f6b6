import { describe, expect, it } from 'vitest';
import { missingId, newShopper } from '../support/fixtures';
import { gql } from '../support/gql';
import { useTestShop } from '../support/test-app';

/** The extensions of an answer's one error. */
async function refusal(
  ...call: Parameters<typeof gql>
): Promise<{ message: string; extensions: Record<string, unknown> }> {
  const answer = await gql(...call);
  expect(answer.errors, JSON.stringify(answer.body)).toHaveLength(1);
  const [error] = answer.errors!;
  return { message: error.message, extensions: error.extensions as Record<string, unknown> };
}

describe('GraphQL refusals: a stable reason, the values of its words, and the field it concerns', () => {
  const shop = useTestShop();

  it('names a wrong password by its reason, the words as the REST contract has them', async () => {
    const shopper = await newShopper(shop);
    const { message, extensions } = await refusal(
      shop,
      'mutation ($input: LoginInput!) { login(input: $input) { token } }',
      { input: { email: shopper.email, password: 'not-the-password' } },
    );
    expect(message).toBe('Invalid email or password');
    expect(extensions).toMatchObject({
      code: 'UNAUTHENTICATED',
      reason: 'SIGN_IN_RULES.wrongCredentials',
      values: [],
    });
    expect(extensions.field).toBeUndefined();
  });

  it('names the field a refusal concerns, with the values its words were given', async () => {
    const shopper = await newShopper(shop);
    const address = {
      name: 'Asha Verma',
      mobile: '9845012345',
      line1: '12 MG Road',
      city: 'Bengaluru',
      stateCode: '32',
      pin: '560001',
    };
    const { message, extensions } = await refusal(
      shop,
      'mutation ($input: AddressInput!) { addAddress(input: $input) { id } }',
      { input: address },
      shopper,
    );
    expect(message).toBe(
      'pin: PIN code 560001 is in Karnataka, not in Kerala: check the PIN code or the state',
    );
    expect(extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'pin',
      reason: 'ADDRESS_RULES.pinElsewhere',
      values: ['560001', 'Karnataka', 'Kerala'],
    });
  });

  it('names a field its rule words first, and gives no reason for words no shopper meets', async () => {
    const shopper = await newShopper(shop);
    const { extensions } = await refusal(
      shop,
      'mutation ($id: ID!) { addToWishlist(productId: $id) }',
      { id: missingId() },
      shopper,
    );
    expect(extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      field: 'productId',
      reason: 'WISHLIST_RULES.unknownProduct',
    });
    const unknown = await refusal(shop, '{ products(pageSize: 51) { total } }');
    expect(unknown.extensions.code).toBe('BAD_USER_INPUT');
    expect(unknown.extensions.reason).toBeUndefined();
  });
});
