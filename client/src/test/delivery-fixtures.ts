import { DeliveryCheckDocument } from '../gql/graphql';
import type { DeliveryCheckQuery } from '../gql/graphql';
import { Answer, graphQLErrorResult, mockOf } from './fixtures';

/** Delivery checks as the server answers them. */

export type DeliveryCheckFixture = Answer<DeliveryCheckQuery['deliveryCheck']>;

/** Patna from the demo shop's Jaipur: rest of India, Rs 49 below Rs 499, cash on delivery. */
export function deliveryAnswer(changes: Partial<DeliveryCheckFixture> = {}): DeliveryCheckFixture {
  return {
    __typename: 'DeliveryCheck',
    pin: '800001',
    deliverable: true,
    zone: 'REST_OF_INDIA',
    earliest: '2026-12-08',
    latest: '2026-12-11',
    cashOnDelivery: true,
    charge: 49,
    freeShippingFrom: 499,
    message: 'Delivery by Tue 8 Dec – Fri 11 Dec to Patna, Bihar · Cash on delivery available',
    place: {
      __typename: 'PinPlace',
      pin: '800001',
      city: 'Patna',
      state: { __typename: 'IndianState', code: '10', name: 'Bihar' },
    },
    ...changes,
  };
}

/**
 * DeliveryCheck for `pin`, answering `answer` (or refusing with its message) each time it is
 * asked; each request's PIN is pushed to `calls`.
 */
export function deliveryCheckMock(
  pin: string,
  answer: DeliveryCheckFixture | { refusal: string },
  calls: string[] = [],
) {
  return mockOf(DeliveryCheckDocument, {
    variables: (variables) => {
      if (variables.pin !== pin) return false;
      calls.push(pin);
      return true;
    },
    result:
      'refusal' in answer
        ? graphQLErrorResult(answer.refusal)
        : { data: { deliveryCheck: answer } },
    maxUsageCount: Number.POSITIVE_INFINITY,
  });
}
