import type { PaymentMethod } from '../shared/payment-rules';
import { PAYMENT_METHOD_LABELS } from '../shared/payment-rules';
import type { Language } from '../shared/rules';

/**
 * What an order's e-mails to its buyer say, in each language a shopper may choose: the
 * storefront language their account keeps. The shop's own (a new order) are in English, as the
 * dashboard is. A record per
 * language, so a sentence missing from one is a compile error, not an English line in a Hindi
 * mail. Values (numbers, amounts, names) come in already written.
 */
export interface OrderMailWords {
  /** How dates are written: 26 November 2026, 26 नवंबर 2026. */
  locale: string;
  methods: Record<PaymentMethod, string>;
  viewOrder: string;
  footer: (shop: string, number: string, day: string) => string;
  deliveringTo: string;
  mobile: (mobile: string) => string;
  amounts: {
    items: string;
    discounts: string;
    shipping: string;
    free: string;
    cashFee: string;
    total: string;
    totalWithGst: string;
  };
  placed: {
    subject: (number: string) => string;
    preview: (total: string) => string;
    /** `first`: the buyer's first name, or null when the order has none. */
    heading: (first: string | null, number: string) => string;
    payInCash: (total: string) => string;
    paid: (total: string, method: string) => string;
    next: string;
  };
  paymentFailed: {
    subject: (number: string) => string;
    preview: string;
    heading: (total: string) => string;
    declined: string;
    kept: string;
    payAgain: string;
  };
  shipped: {
    subject: (number: string) => string;
    previewWith: (courier: string, awb: string) => string;
    preview: string;
    heading: (number: string) => string;
    withCourier: (courier: string, awb: string) => string;
    left: string;
    track: string;
  };
  delivered: {
    subject: (number: string) => string;
    preview: string;
    heading: (number: string) => string;
    body: string;
  };
  cancelled: {
    subject: (number: string) => string;
    previewPaid: string;
    previewUnpaid: string;
    heading: (number: string) => string;
    refunding: (method: string) => string;
    nothingOwed: string;
  };
  refunded: {
    subject: (amount: string, number: string) => string;
    preview: (amount: string) => string;
    heading: (amount: string) => string;
    body: (amount: string, number: string, method: string) => string;
  };
}

const ENGLISH: OrderMailWords = {
  locale: 'en-IN',
  methods: PAYMENT_METHOD_LABELS,
  viewOrder: 'View your order',
  footer: (shop, number, day) =>
    `${shop} sent this about order ${number}, placed on ${day}. ` +
    'Reply to this e-mail or write to us from your order page if something is not right.',
  deliveringTo: 'Delivering to',
  mobile: (mobile) => `Mobile ${mobile}`,
  amounts: {
    items: 'Items',
    discounts: 'Discounts',
    shipping: 'Shipping',
    free: 'Free',
    cashFee: 'Cash on delivery fee',
    total: 'Total',
    totalWithGst: 'Total (inclusive of GST)',
  },
  placed: {
    subject: (number) => `Order ${number} confirmed`,
    preview: (total) => `Thank you for your order of ${total}.`,
    heading: (first, number) => `Thank you, ${first ?? 'there'}: order ${number} is confirmed`,
    payInCash: (total) => `Please keep ${total} ready to pay in cash when it arrives.`,
    paid: (total, method) => `We have received your payment of ${total} by ${method}.`,
    next: 'We will write again when it ships, with the courier and a link to track it.',
  },
  paymentFailed: {
    subject: (number) => `Payment for order ${number} did not go through`,
    preview: 'Your items are kept for you for a little while.',
    heading: (total) => `Your payment of ${total} did not go through`,
    declined: 'The payment was declined.',
    kept: 'Your items are kept for you for a little while: you can pay again from your order page.',
    payAgain: 'Pay again',
  },
  shipped: {
    subject: (number) => `Order ${number} has shipped`,
    previewWith: (courier, awb) => `On its way with ${courier}, AWB ${awb}.`,
    preview: 'Your order is on its way.',
    heading: (number) => `Order ${number} is on its way`,
    withCourier: (courier, awb) => `It is with ${courier}, tracking number (AWB) ${awb}.`,
    left: 'It has left our warehouse.',
    track: 'Track your parcel',
  },
  delivered: {
    subject: (number) => `Order ${number} was delivered`,
    preview: 'We hope you enjoy it.',
    heading: (number) => `Order ${number} was delivered`,
    body: 'We hope you enjoy it. If something is not right, you can ask for a return from your order page.',
  },
  cancelled: {
    subject: (number) => `Order ${number} is cancelled`,
    previewPaid: 'Your money is on its way back.',
    previewUnpaid: 'Nothing more will be sent.',
    heading: (number) => `Order ${number} is cancelled`,
    refunding: (method) =>
      `The money you paid is being refunded to your ${method}; we will write when the refund is processed.`,
    nothingOwed: 'Nothing will be sent, and nothing is owed.',
  },
  refunded: {
    subject: (amount, number) => `Refund of ${amount} for order ${number}`,
    preview: (amount) => `${amount} is on its way back to you.`,
    heading: (amount) => `We have refunded ${amount}`,
    body: (amount, number, method) =>
      `${amount} for order ${number} is refunded to your ${method}. Banks usually show it within 5 to 7 working days.`,
  },
};

const HINDI: OrderMailWords = {
  locale: 'hi-IN',
  methods: { UPI: 'UPI', CARD: 'कार्ड', CASH_ON_DELIVERY: 'कैश ऑन डिलीवरी' },
  viewOrder: 'अपना ऑर्डर देखें',
  footer: (shop, number, day) =>
    `${shop} ने यह ${day} को दिए गए ऑर्डर ${number} के बारे में भेजा है। ` +
    'कुछ ठीक न हो, तो इस ई-मेल का जवाब दें या अपने ऑर्डर के पेज से हमें लिखें।',
  deliveringTo: 'डिलीवरी का पता',
  mobile: (mobile) => `मोबाइल ${mobile}`,
  amounts: {
    items: 'आइटम',
    discounts: 'छूट',
    shipping: 'शिपिंग',
    free: 'मुफ़्त',
    cashFee: 'कैश ऑन डिलीवरी शुल्क',
    total: 'कुल',
    totalWithGst: 'कुल (GST सहित)',
  },
  placed: {
    subject: (number) => `ऑर्डर ${number} पक्का हो गया`,
    preview: (total) => `${total} के आपके ऑर्डर के लिए धन्यवाद।`,
    heading: (first, number) =>
      first ? `धन्यवाद ${first}, ऑर्डर ${number} पक्का हो गया` : `धन्यवाद, ऑर्डर ${number} पक्का हो गया`,
    payInCash: (total) => `सामान पहुँचने पर नकद देने के लिए ${total} तैयार रखें।`,
    paid: (total, method) => `${method} से आपका ${total} का पेमेंट हमें मिल गया है।`,
    next: 'ऑर्डर भेजे जाने पर हम कूरियर के नाम और ट्रैक करने के लिंक के साथ फिर लिखेंगे।',
  },
  paymentFailed: {
    subject: (number) => `ऑर्डर ${number} का पेमेंट नहीं हो पाया`,
    preview: 'आपका सामान कुछ देर आपके लिए रखा गया है।',
    heading: (total) => `${total} का आपका पेमेंट नहीं हो पाया`,
    declined: 'पेमेंट अस्वीकार हो गया।',
    kept: 'आपका सामान कुछ देर आपके लिए रखा गया है: आप अपने ऑर्डर के पेज से फिर से पेमेंट कर सकते हैं।',
    payAgain: 'फिर से पेमेंट करें',
  },
  shipped: {
    subject: (number) => `ऑर्डर ${number} भेज दिया गया है`,
    previewWith: (courier, awb) => `${courier} के साथ रास्ते में, AWB ${awb}।`,
    preview: 'आपका ऑर्डर रास्ते में है।',
    heading: (number) => `ऑर्डर ${number} रास्ते में है`,
    withCourier: (courier, awb) => `यह ${courier} के पास है, ट्रैकिंग नंबर (AWB) ${awb}।`,
    left: 'यह हमारे गोदाम से निकल चुका है।',
    track: 'अपना पार्सल ट्रैक करें',
  },
  delivered: {
    subject: (number) => `ऑर्डर ${number} पहुँच गया`,
    preview: 'उम्मीद है आपको पसंद आएगा।',
    heading: (number) => `ऑर्डर ${number} पहुँच गया`,
    body: 'उम्मीद है आपको पसंद आएगा। कुछ ठीक न हो, तो आप अपने ऑर्डर के पेज से वापसी माँग सकते हैं।',
  },
  cancelled: {
    subject: (number) => `ऑर्डर ${number} रद्द हो गया`,
    previewPaid: 'आपके पैसे वापस आ रहे हैं।',
    previewUnpaid: 'अब कुछ नहीं भेजा जाएगा।',
    heading: (number) => `ऑर्डर ${number} रद्द हो गया`,
    refunding: (method) => `आपके चुकाए पैसे आपके ${method} में वापस भेजे जा रहे हैं; रिफ़ंड पूरा होने पर हम लिखेंगे।`,
    nothingOwed: 'कुछ नहीं भेजा जाएगा, और कुछ बकाया नहीं है।',
  },
  refunded: {
    subject: (amount, number) => `ऑर्डर ${number} के ${amount} का रिफ़ंड`,
    preview: (amount) => `${amount} आपको वापस भेजे जा रहे हैं।`,
    heading: (amount) => `हमने ${amount} रिफ़ंड कर दिए हैं`,
    body: (amount, number, method) =>
      `ऑर्डर ${number} के ${amount} आपके ${method} में रिफ़ंड कर दिए गए हैं। बैंक आम तौर पर इन्हें 5 से 7 कामकाजी दिनों में दिखा देते हैं।`,
  },
};

export const ORDER_MAIL_WORDS: Record<Language, OrderMailWords> = { en: ENGLISH, hi: HINDI };
