import type { SchemaObject } from '@nestjs/swagger/dist/interfaces/open-api-spec.interface';
import { count, listOf, nullable, rupees, shapeOf, text } from '../../common/rest-v1/answers';
import { DELIVERY_ZONES } from '../zones';

/** REST's delivery answers (see common/rest-v1/answers.ts); amounts in rupees. */
const zone: SchemaObject = { type: 'string', enum: [...DELIVERY_ZONES] };
const day: SchemaObject = { type: 'string', format: 'date' };
const state = shapeOf({ code: text, name: text, kind: text, tax: text });
const place = shapeOf({ pin: text, district: text, city: text, state });

export const DELIVERY_CHECK = shapeOf({
  pin: text,
  place,
  deliverable: { type: 'boolean' },
  zone,
  earliest: nullable(day),
  latest: nullable(day),
  cashOnDelivery: { type: 'boolean' },
  cashOnDeliveryUpTo: nullable(rupees),
  charge: rupees,
  freeShippingFrom: nullable(rupees),
  message: text,
});

export const DELIVERY_SETTINGS = shapeOf({
  dispatchPin: text,
  dispatchPlace: nullable(place),
  flatCharge: rupees,
  freeShippingFrom: nullable(rupees),
  zones: listOf(shapeOf({ zone, charge: nullable(rupees), minDays: count, maxDays: count })),
  cutOffHour: count,
  holidays: listOf(day),
  unservedPins: listOf(text),
  unservedStates: listOf(state),
});
