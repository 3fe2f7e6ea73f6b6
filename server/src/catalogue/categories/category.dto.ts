import { InputType } from '@nestjs/graphql';
import { OptionalText, RequiredText } from '../../common/fields';
import { TEXT_LIMITS } from '../../shared/rules';

@InputType('CategoryInput')
export class CategoryDto {
  @RequiredText(TEXT_LIMITS.name, 'Electronics') name: string;

  /** Shown on Hindi pages in place of the name; empty for none, left out: unchanged. */
  @OptionalText(TEXT_LIMITS.name, 'इलेक्ट्रॉनिक्स') nameHi?: string | null;
}
