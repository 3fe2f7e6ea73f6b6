import { InputType } from '@nestjs/graphql';
import { LIMITS, RequiredText } from '../common/fields';

@InputType('CategoryInput')
export class CategoryDto {
  @RequiredText(LIMITS.name, 'Electronics') name: string;
}
