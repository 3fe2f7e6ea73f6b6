import { InputType } from '@nestjs/graphql';
import { RequiredText } from '../../common/fields';
import { TEXT_LIMITS } from '../../shared/rules';

@InputType('CategoryInput')
export class CategoryDto {
  @RequiredText(TEXT_LIMITS.name, 'Electronics') name: string;
}
