import { Field, ObjectType } from '@nestjs/graphql';
import { SameForEveryViewer } from '../common/graphql/cache-hints';

@ObjectType('IndianState', { description: 'A state or union territory, with its GST state code' })
@SameForEveryViewer()
export class IndianStateType {
  @Field({ description: 'Two digits, as GST numbers them: "07" is Delhi' })
  code: string;

  @Field()
  name: string;

  @Field({ description: '"state" or "union territory"' })
  kind: string;
}

@ObjectType('PinPlace', { description: "Where a PIN code is, from India Post's directory" })
@SameForEveryViewer()
export class PinPlaceType {
  @Field()
  pin: string;

  @Field({ description: 'As India Post names it; empty when the directory has none' })
  district: string;

  @Field({ description: 'The town to offer for an address: the district, or its city' })
  city: string;

  @Field(() => IndianStateType)
  state: IndianStateType;
}
