import { id, shapeOf, text, time } from '../../../common/rest-v1/answers';

/** REST v1 compatibility layer: categories as the REST answers carry them (see common/rest-v1/answers.ts). */
export const CATEGORY = shapeOf(
  { _id: id, name: text, slug: text, createdAt: time, updatedAt: time },
  ['createdAt', 'updatedAt'],
);
