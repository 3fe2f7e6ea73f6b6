import { id, nullable, shapeOf, text, time } from '../../../common/rest-v1/answers';

/** REST v1 compatibility layer: categories as the REST answers carry them (see common/rest-v1/answers.ts). */
export const CATEGORY = shapeOf(
  { _id: id, name: text, nameHi: nullable(text), slug: text, createdAt: time, updatedAt: time },
  // Categories stored before Hindi have no Hindi name.
  ['nameHi', 'createdAt', 'updatedAt'],
);
