import { LIMITS, RequiredText } from '../common/fields';

export class CategoryDto {
  @RequiredText(LIMITS.name, 'Electronics') name: string;
}
