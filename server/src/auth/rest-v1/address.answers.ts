import { id, listOf, shapeOf, text } from '../../common/rest-v1/answers';

/** REST v1 compatibility layer: an address of the address book as REST answers carry it. */
export const ADDRESS = shapeOf({
  _id: id,
  name: text,
  mobile: { type: 'string', pattern: '^[6-9][0-9]{9}$' },
  line1: text,
  line2: text,
  landmark: text,
  city: text,
  stateCode: { type: 'string', pattern: '^[0-9]{2}$' },
  state: text,
  pin: { type: 'string', pattern: '^[1-9][0-9]{5}$' },
  isDefault: { type: 'boolean' },
});

export const ADDRESSES = listOf(ADDRESS);
