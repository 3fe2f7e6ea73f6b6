import { Field, ID, ObjectType } from '@nestjs/graphql';
import { SameForEveryViewer } from '../../common/graphql/cache-hints';

@ObjectType('Category')
@SameForEveryViewer()
export class CategoryType {
  @Field(() => ID, { name: 'id' }) _id: string;
  @Field() name: string;
  @Field(() => String, { nullable: true, description: 'The name in Hindi; null while not given' })
  nameHi?: string | null;
  @Field({ description: 'Made from the name; used in category links' }) slug: string;
}
