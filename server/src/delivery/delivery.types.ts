import { Field, Int, ObjectType, registerEnumType } from '@nestjs/graphql';
import { RupeesFromPaise } from '../common/fields';
import { NeverKept } from '../common/graphql/cache-hints';
import { FieldCost } from '../common/graphql/field-cost';
import { IndianStateType, PinPlaceType } from '../places';
import { INDIAN_STATES } from '../shared/indian-states';
import { DELIVERY_ZONE_LABELS, DeliveryZone } from '../shared/rules';
import { DELIVERY_ZONES } from './zones';

/** The zones by name, as GraphQL's enum needs them. */
export const DELIVERY_ZONE = Object.fromEntries(DELIVERY_ZONES.map((zone) => [zone, zone])) as {
  [Zone in DeliveryZone]: Zone;
};

registerEnumType(DELIVERY_ZONE, {
  name: 'DeliveryZone',
  description:
    'How far a parcel travels from the dispatch PIN, the first that holds: SAME_CITY (same ' +
    'district, or same metro), SAME_STATE, NORTH_EAST_AND_ISLANDS (either end in the north-east, ' +
    'Andaman and Nicobar, Lakshadweep, Jammu and Kashmir or Ladakh), METRO_TO_METRO (Delhi, ' +
    'Mumbai, Kolkata, Chennai, Bengaluru, Hyderabad, Ahmedabad, Pune), REST_OF_INDIA',
  valuesMap: Object.fromEntries(
    DELIVERY_ZONES.map((zone) => [zone, { description: DELIVERY_ZONE_LABELS[zone] }]),
  ),
});

@ObjectType('ZoneSettings')
export class ZoneSettingsType {
  @Field(() => DELIVERY_ZONE) zone: DeliveryZone;
  @RupeesFromPaise('Rupees; null: the flat charge', true) charge: number | null;
  @Field(() => Int, { description: 'Working days from dispatch, the fewest' }) minDays: number;
  @Field(() => Int, { description: 'Working days from dispatch, the most' }) maxDays: number;
}

@ObjectType('DeliverySettings', { description: "The shop's delivery settings (admins only)" })
export class DeliverySettingsType {
  @Field({ description: 'Where parcels leave from' }) dispatchPin: string;
  @Field(() => PinPlaceType, { nullable: true }) dispatchPlace: PinPlaceType | null;
  @RupeesFromPaise('Rupees, below the free-shipping threshold, where a zone has no charge')
  flatCharge: number;
  @RupeesFromPaise('Rupees: goods worth this much or more ship free; null: never', true)
  freeShippingFrom: number | null;
  @Field(() => [ZoneSettingsType], { description: 'Every zone, nearest first' })
  @FieldCost({ maxItems: DELIVERY_ZONES.length, free: true })
  zones: ZoneSettingsType[];
  @Field(() => Int, {
    description: 'Orders at or after this hour (shop time) are dispatched the next working day',
  })
  cutOffHour: number;
  @Field(() => [String], { description: 'YYYY-MM-DD, in order; Sundays are never working days' })
  holidays: string[];
  @Field(() => [String]) unservedPins: string[];
  @Field(() => [IndianStateType])
  @FieldCost({ maxItems: INDIAN_STATES.length, free: true })
  unservedStates: IndianStateType[];
}

@ObjectType('DeliveryCheck', {
  description: 'Whether, when and for how much the shop delivers to a PIN, as of now',
})
@NeverKept()
export class DeliveryCheckType {
  @Field() pin: string;
  @Field(() => PinPlaceType) place: PinPlaceType;
  @Field({ description: 'False for a PIN or state the shop does not serve' }) deliverable: boolean;
  @Field(() => DELIVERY_ZONE) zone: DeliveryZone;
  @Field(() => String, {
    nullable: true,
    description: "The earliest delivery day, YYYY-MM-DD (the shop's days); null if not deliverable",
  })
  earliest: string | null;
  @Field(() => String, { nullable: true, description: 'The latest delivery day, YYYY-MM-DD' })
  latest: string | null;
  @Field({
    description: 'Whether the payment settings offer cash on delivery at this PIN (any value)',
  })
  cashOnDelivery: boolean;
  @RupeesFromPaise('Rupees: the largest order cash on delivery takes; null: any', true)
  cashOnDeliveryUpTo: number | null;
  @RupeesFromPaise('Rupees: shipping for a cart below freeShippingFrom')
  charge: number;
  @RupeesFromPaise('Rupees: goods worth this much or more ship free; null: never', true)
  freeShippingFrom: number | null;
  @Field({ description: 'The answer in words, as the storefront shows it' }) message: string;
}
