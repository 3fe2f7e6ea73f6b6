import { count, listOf, nullable, rupees, shapeOf, text } from '../../common/rest-v1/answers';

/** REST's payment settings (see common/rest-v1/answers.ts); amounts in rupees. */
const onOff = { type: 'boolean' } as const;

export const PAYMENT_SETTINGS = shapeOf({
  upiVpa: text,
  upiPayeeName: text,
  paymentExpiryMinutes: count,
  methods: shapeOf({ upi: onOff, card: onOff, cashOnDelivery: onOff }),
  codFee: rupees,
  codUpTo: nullable(rupees),
  codMaxUndeliveredOrders: count,
  codUnservedPins: listOf(text),
});
