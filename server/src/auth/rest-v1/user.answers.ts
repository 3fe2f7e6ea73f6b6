import { id, shapeOf, text, time } from '../../common/rest-v1/answers';

/** REST v1 compatibility layer: users as the REST answers carry them (see common/rest-v1/answers.ts). */
export const USER = shapeOf(
  {
    _id: id,
    name: text,
    email: text,
    phone: text,
    address: text,
    role: { type: 'integer', enum: [0, 1], description: '1 for an administrator' },
    createdAt: time,
  },
  ['createdAt'],
);
