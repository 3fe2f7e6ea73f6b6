import { listOf, nullable, shapeOf, text } from '../../common/rest-v1/answers';
import { BANNER_LINK_KINDS } from '../../shared/banner-rules';

/** REST's home banner (see common/rest-v1/answers.ts), as GraphQL's HomeBanner. */
export const HOME_BANNER = shapeOf({
  id: text,
  title: text,
  text,
  buttonLabel: text,
  background: text,
  textColour: text,
  shown: { type: 'boolean' },
  link: shapeOf({
    kind: { type: 'string', enum: [...BANNER_LINK_KINDS] },
    category: nullable(text),
    search: nullable(text),
    productIds: listOf(text),
    coupon: nullable(text),
  }),
});
