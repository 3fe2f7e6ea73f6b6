/**
 * Demo catalogue used to seed an empty database. Prices are whole rupees (INR) and are spread
 * across every price band the storefront filters offer, from budget paperbacks to flagship
 * phones, so that search, filters and sorting all have something to show.
 */

/** One combination of a demo product's option values, sold with its own price and stock. */
export interface DemoVariant {
  values: string[];
  /** Rupees, a whole number. */
  price: number;
  mrp?: number;
  quantity: number;
}

export interface DemoProduct {
  name: string;
  description: string;
  /** Price in rupees, a whole number; the seed stores it in paise. With options: the first variant's. */
  price: number;
  /** Units in stock, a whole number from 0 to 200. With options: all the variants' together. */
  quantity: number;
  /** Sizes, colours, storage: the product is then sold as `variants`, their SKUs from `sku`. */
  options?: { name: string; values: string[] }[];
  variants?: DemoVariant[];
  /** The start of the variants' SKUs ("KURTA-MEN"), followed by their values. */
  sku?: string;
  /** The maximum retail price printed on the pack, in rupees, when it is above the price. */
  mrp?: number;
  shipping: boolean;
  category: DemoCategory;
  /**
   * What the product's picture shows: the name of an outline icon in Tabler Icons
   * (@tabler/icons), chosen by its shape where no icon has the product's name.
   */
  icon: string;
}

/** A demo variant's SKU: the product's stem and its values, spaces left out ("KURTA-MEN-XL-BLUE"). */
export const demoSku = (stem: string, values: readonly string[]): string =>
  [stem, ...values]
    .map((part) => part.replace(/\s+/g, ''))
    .join('-')
    .toUpperCase();

export const demoCategories = [
  'Electronics',
  'Mobiles',
  'Fashion',
  'Books',
  'Home & Kitchen',
  'Sports & Fitness',
  'Beauty & Personal Care',
] as const;

export type DemoCategory = (typeof demoCategories)[number];

export const demoProducts: readonly DemoProduct[] = [
  // Electronics
  {
    name: 'boAt Rockerz 450 Bluetooth Headphones',
    description:
      'On-ear wireless headphones with 40mm drivers, up to 15 hours of playback and soft padded ear cushions for long listening sessions.',
    price: 1499,
    mrp: 3990,
    quantity: 120,
    shipping: true,
    category: 'Electronics',
    icon: 'headphones',
  },
  {
    name: 'Noise ColorFit Pro 5 Smart Watch',
    description:
      'A smart watch with a 1.85-inch AMOLED display, Bluetooth calling, heart rate and SpO2 tracking, and up to 7 days of battery life.',
    price: 3999,
    mrp: 7999,
    quantity: 75,
    shipping: true,
    category: 'Electronics',
    icon: 'device-watch-stats',
  },
  {
    name: 'Sony WH-1000XM5 Noise Cancelling Headphones',
    description:
      'Industry-leading noise cancellation with eight microphones, 30 hours of battery life and crystal clear hands-free calling.',
    price: 29990,
    mrp: 34990,
    quantity: 0,
    shipping: true,
    category: 'Electronics',
    icon: 'headphones',
  },
  {
    name: 'Samsung 43-inch Crystal 4K UHD Smart TV',
    description:
      'A 108 cm 4K smart television with vivid Crystal Processor colours, built-in apps for OTT streaming and a slim bezel-less design.',
    price: 32990,
    quantity: 18,
    shipping: true,
    category: 'Electronics',
    icon: 'device-tv',
  },
  {
    name: 'Apple MacBook Air M3 13-inch',
    description:
      'An impossibly thin laptop powered by the Apple M3 chip, with a 13.6-inch Liquid Retina display and up to 18 hours of battery life.',
    price: 114900,
    quantity: 9,
    shipping: true,
    category: 'Electronics',
    icon: 'device-laptop',
  },
  {
    name: 'Canon EOS R50 Mirrorless Camera with 18-45mm Lens',
    description:
      'A compact 24.2 MP mirrorless camera with fast autofocus and uncropped 4K video, ideal for travel photography and vlogging.',
    price: 75995,
    quantity: 7,
    shipping: true,
    category: 'Electronics',
    icon: 'camera',
  },
  {
    name: 'JBL Flip 6 Portable Bluetooth Speaker',
    description:
      'A rugged, waterproof and dustproof speaker with bold JBL Original Pro Sound and 12 hours of playtime for parties and picnics.',
    price: 9999,
    mrp: 14999,
    quantity: 45,
    shipping: true,
    category: 'Electronics',
    icon: 'device-speaker',
  },
  {
    name: 'Amazon Echo Dot 5th Gen Smart Speaker',
    description:
      'A compact smart speaker with Alexa that plays music, answers questions in Hindi and English, and controls your smart home devices.',
    price: 5499,
    quantity: 64,
    shipping: true,
    category: 'Electronics',
    icon: 'volume',
  },
  {
    name: 'SanDisk Ultra 128GB microSD Card',
    description:
      'A Class 10 memory card with read speeds of up to 140 MB/s, great for storing photos, videos and apps on phones and tablets.',
    price: 999,
    mrp: 2399,
    quantity: 150,
    shipping: true,
    category: 'Electronics',
    icon: 'device-sd-card',
  },

  // Mobiles
  {
    name: 'Apple iPhone 15 128GB',
    description:
      'The iPhone 15 features Dynamic Island, a 48 MP main camera, USB-C charging and a durable colour-infused glass and aluminium design.',
    price: 69900,
    quantity: 25,
    shipping: true,
    category: 'Mobiles',
    icon: 'device-mobile',
  },
  {
    name: 'Samsung Galaxy S24 Ultra 256GB',
    description:
      'A titanium-framed flagship with a built-in S Pen, a 200 MP camera with 100x Space Zoom and Galaxy AI features for everyday tasks.',
    price: 129999,
    quantity: 1,
    shipping: true,
    category: 'Mobiles',
    icon: 'device-mobile-spark',
  },
  {
    name: 'OnePlus Nord CE 4 5G 8GB/128GB',
    description:
      'A smooth 120Hz AMOLED display, a Snapdragon 7 Gen 3 processor and 100W SUPERVOOC charging that tops up a full day in minutes.',
    price: 24999,
    quantity: 40,
    shipping: true,
    category: 'Mobiles',
    icon: 'device-mobile-charging',
  },
  {
    name: 'Redmi Note 13 5G 6GB/128GB',
    description:
      'A slim 5G smartphone with a 6.67-inch AMOLED display, a 108 MP triple camera and a large 5000 mAh battery that lasts all day.',
    price: 17999,
    mrp: 20999,
    quantity: 75,
    shipping: true,
    category: 'Mobiles',
    icon: 'device-mobile',
  },
  {
    name: 'Samsung Galaxy M35 5G',
    description:
      'A 6000 mAh battery, a 120Hz Super AMOLED screen and four years of OS upgrades make this a dependable mid-range everyday phone.',
    price: 18999,
    quantity: 42,
    sku: 'GALAXY-M35',
    options: [
      { name: 'Storage', values: ['6GB/128GB', '8GB/128GB', '8GB/256GB'] },
      { name: 'Colour', values: ['Moonlight Blue', 'Thunder Grey'] },
    ],
    variants: [
      { values: ['6GB/128GB', 'Moonlight Blue'], price: 18999, mrp: 24999, quantity: 12 },
      { values: ['6GB/128GB', 'Thunder Grey'], price: 18999, mrp: 24999, quantity: 10 },
      { values: ['8GB/128GB', 'Moonlight Blue'], price: 20499, mrp: 26499, quantity: 9 },
      { values: ['8GB/128GB', 'Thunder Grey'], price: 20499, mrp: 26499, quantity: 7 },
      { values: ['8GB/256GB', 'Moonlight Blue'], price: 24499, mrp: 30999, quantity: 4 },
      { values: ['8GB/256GB', 'Thunder Grey'], price: 24499, mrp: 30999, quantity: 0 },
    ],
    shipping: true,
    category: 'Mobiles',
    icon: 'device-mobile-vibration',
  },
  {
    name: 'realme Narzo 70x 5G',
    description:
      'An affordable 5G phone with a 120Hz display, 45W fast charging and a 50 MP AI camera, built for students and first-time buyers.',
    price: 11999,
    quantity: 80,
    sku: 'NARZO-70X',
    options: [{ name: 'Storage', values: ['4GB/128GB', '6GB/128GB'] }],
    variants: [
      { values: ['4GB/128GB'], price: 11999, mrp: 15999, quantity: 50 },
      { values: ['6GB/128GB'], price: 12999, mrp: 16999, quantity: 30 },
    ],
    shipping: true,
    category: 'Mobiles',
    icon: 'device-mobile',
  },
  {
    name: 'Nokia 105 Dual SIM Feature Phone',
    description:
      'A tough and simple keypad phone with a long-lasting battery, wireless FM radio and a built-in torch. A perfect backup handset.',
    price: 1299,
    quantity: 140,
    shipping: true,
    category: 'Mobiles',
    icon: 'dialpad',
  },

  // Fashion
  {
    name: 'Cotton Kurta Set for Men',
    description:
      'A breathable pure cotton kurta with matching pyjama, finished with a mandarin collar. Comfortable for festivals, pujas and family functions.',
    price: 1299,
    quantity: 78,
    sku: 'KURTA-MEN',
    options: [
      { name: 'Size', values: ['S', 'M', 'L', 'XL', 'XXL'] },
      { name: 'Colour', values: ['White', 'Blue'] },
    ],
    // The blue dearer; small white and double extra large blue sold out.
    variants: [
      { values: ['S', 'White'], price: 1299, mrp: 2499, quantity: 0 },
      { values: ['S', 'Blue'], price: 1399, mrp: 2499, quantity: 6 },
      { values: ['M', 'White'], price: 1299, mrp: 2499, quantity: 14 },
      { values: ['M', 'Blue'], price: 1399, mrp: 2499, quantity: 12 },
      { values: ['L', 'White'], price: 1299, mrp: 2499, quantity: 15 },
      { values: ['L', 'Blue'], price: 1399, mrp: 2499, quantity: 11 },
      { values: ['XL', 'White'], price: 1299, mrp: 2499, quantity: 9 },
      { values: ['XL', 'Blue'], price: 1399, mrp: 2499, quantity: 8 },
      { values: ['XXL', 'White'], price: 1299, mrp: 2499, quantity: 3 },
      { values: ['XXL', 'Blue'], price: 1399, mrp: 2499, quantity: 0 },
    ],
    shipping: true,
    category: 'Fashion',
    icon: 'shirt',
  },
  {
    name: 'Banarasi Silk Saree with Blouse Piece',
    description:
      'A handwoven Banarasi silk saree with rich zari work along the border and pallu, supplied with an unstitched matching blouse piece.',
    price: 4499,
    quantity: 30,
    shipping: true,
    category: 'Fashion',
    icon: 'hanger',
  },
  {
    name: "Levi's 511 Slim Fit Jeans",
    description:
      'Classic slim fit jeans that sit below the waist, cut from stretch denim for all-day comfort and an easy, modern look.',
    price: 2799,
    quantity: 54,
    sku: 'LEVIS-511',
    options: [
      { name: 'Waist', values: ['30', '32', '34', '36'] },
      { name: 'Colour', values: ['Dark Blue', 'Black'] },
    ],
    variants: [
      { values: ['30', 'Dark Blue'], price: 2799, mrp: 3999, quantity: 8 },
      { values: ['30', 'Black'], price: 2799, mrp: 3999, quantity: 5 },
      { values: ['32', 'Dark Blue'], price: 2799, mrp: 3999, quantity: 12 },
      { values: ['32', 'Black'], price: 2799, mrp: 3999, quantity: 10 },
      { values: ['34', 'Dark Blue'], price: 2799, mrp: 3999, quantity: 9 },
      { values: ['34', 'Black'], price: 2799, mrp: 3999, quantity: 6 },
      { values: ['36', 'Dark Blue'], price: 2799, mrp: 3999, quantity: 4 },
      { values: ['36', 'Black'], price: 2799, mrp: 3999, quantity: 0 },
    ],
    shipping: true,
    category: 'Fashion',
    icon: 'hanger-2',
  },
  {
    name: 'Bata Formal Leather Oxford Shoes for Men',
    description:
      'Polished genuine leather lace-up shoes with a cushioned insole and a slip-resistant sole, made for long days at the office.',
    price: 2299,
    quantity: 36,
    sku: 'BATA-OXF',
    options: [
      { name: 'UK Size', values: ['6', '7', '8', '9', '10'] },
      { name: 'Colour', values: ['Black', 'Brown'] },
    ],
    // No brown pair in size 10; size 6 in black sold out.
    variants: [
      { values: ['6', 'Black'], price: 2299, mrp: 2999, quantity: 0 },
      { values: ['6', 'Brown'], price: 2299, mrp: 2999, quantity: 3 },
      { values: ['7', 'Black'], price: 2299, mrp: 2999, quantity: 6 },
      { values: ['7', 'Brown'], price: 2299, mrp: 2999, quantity: 4 },
      { values: ['8', 'Black'], price: 2299, mrp: 2999, quantity: 8 },
      { values: ['8', 'Brown'], price: 2299, mrp: 2999, quantity: 5 },
      { values: ['9', 'Black'], price: 2299, mrp: 2999, quantity: 5 },
      { values: ['9', 'Brown'], price: 2299, mrp: 2999, quantity: 2 },
      { values: ['10', 'Black'], price: 2299, mrp: 2999, quantity: 3 },
    ],
    shipping: true,
    category: 'Fashion',
    icon: 'shoe',
  },
  {
    name: 'Titan Neo Analog Watch for Men',
    description:
      'An elegant analogue watch with a sunray blue dial, a stainless steel bracelet and water resistance up to 50 metres.',
    price: 6495,
    quantity: 22,
    shipping: true,
    category: 'Fashion',
    icon: 'device-watch-stats-2',
  },
  {
    name: 'Ray-Ban Aviator Classic Sunglasses',
    description:
      'The iconic aviator with a thin gold metal frame and green G-15 glass lenses that block 100 percent of harmful UV rays.',
    price: 9490,
    quantity: 15,
    shipping: true,
    category: 'Fashion',
    icon: 'sunglasses',
  },
  {
    name: 'Chikankari Embroidered Anarkali Kurta for Women',
    description:
      'A flowing rayon Anarkali kurta with delicate Lucknowi chikankari embroidery on the yoke, pairing beautifully with leggings or palazzos.',
    price: 1899,
    quantity: 45,
    sku: 'ANARKALI',
    options: [{ name: 'Size', values: ['S', 'M', 'L', 'XL'] }],
    variants: [
      { values: ['S'], price: 1899, mrp: 2999, quantity: 12 },
      { values: ['M'], price: 1899, mrp: 2999, quantity: 18 },
      { values: ['L'], price: 1899, mrp: 2999, quantity: 15 },
      { values: ['XL'], price: 1999, mrp: 2999, quantity: 0 },
    ],
    shipping: true,
    category: 'Fashion',
    icon: 'woman',
  },

  // Books
  {
    name: 'Wings of Fire by A. P. J. Abdul Kalam',
    description:
      'The inspiring autobiography of the Missile Man of India, tracing his journey from a boyhood in Rameswaram to the heart of Indian space research.',
    price: 399,
    quantity: 110,
    shipping: true,
    category: 'Books',
    icon: 'book-2',
  },
  {
    name: 'The God of Small Things by Arundhati Roy',
    description:
      'The Booker Prize winning debut novel about twins Estha and Rahel, set in Ayemenem, Kerala, and the small things that shape a family.',
    price: 499,
    quantity: 48,
    shipping: true,
    category: 'Books',
    icon: 'book',
  },
  {
    name: 'Godaan by Munshi Premchand',
    description:
      'A classic Hindi novel about the poor farmer Hori and his lifelong wish to own a cow, offering a moving portrait of rural India.',
    price: 250,
    quantity: 35,
    shipping: true,
    category: 'Books',
    icon: 'notebook',
  },
  {
    name: 'The White Tiger by Aravind Adiga',
    description:
      'A darkly comic Booker Prize winning novel in which Balram Halwai, a driver from a poor village, tells the story of his rise in modern India.',
    price: 399,
    quantity: 55,
    shipping: true,
    category: 'Books',
    icon: 'book-2',
  },
  {
    name: 'Malgudi Days by R. K. Narayan',
    description:
      'A much-loved collection of short stories set in the fictional South Indian town of Malgudi, full of warmth, wit and gentle humour.',
    price: 299,
    quantity: 80,
    shipping: true,
    category: 'Books',
    icon: 'book',
  },
  {
    name: 'Harry Potter Complete Box Set by J. K. Rowling',
    description:
      "All seven Harry Potter novels in a collectible paperback box set, from the Philosopher's Stone to the Deathly Hallows.",
    price: 4999,
    quantity: 0,
    shipping: true,
    category: 'Books',
    icon: 'books',
  },

  // Home & Kitchen
  {
    name: 'Pigeon Amaze Plus Electric Kettle 1.5 Litre',
    description:
      'A 1500W stainless steel electric kettle that boils water for tea, coffee or instant noodles in minutes, with auto shut-off.',
    price: 699,
    mrp: 1545,
    quantity: 90,
    shipping: true,
    category: 'Home & Kitchen',
    icon: 'teapot',
  },
  {
    name: 'Prestige Iris 750W Mixer Grinder',
    description:
      'A powerful 750W mixer grinder with three stainless steel jars and a juicer jar, ideal for chutneys, idli batter and fresh juices.',
    price: 3299,
    quantity: 42,
    shipping: true,
    category: 'Home & Kitchen',
    icon: 'blender',
  },
  {
    name: 'Hawkins Contura 5 Litre Pressure Cooker',
    description:
      'A hard anodised pressure cooker with a curved body that makes stirring easy. Suitable for gas stoves and cooks dal and rice in minutes.',
    price: 2450,
    quantity: 66,
    shipping: true,
    category: 'Home & Kitchen',
    icon: 'soup',
  },
  {
    name: 'Philips 4.1L Digital Air Fryer',
    description:
      'Fry, bake, grill and roast with up to 90 percent less fat using Rapid Air technology, with preset programmes for samosas and fries.',
    price: 8999,
    mrp: 9995,
    quantity: 28,
    shipping: true,
    category: 'Home & Kitchen',
    icon: 'cooker',
  },
  {
    name: 'Kent Grand Plus RO Water Purifier',
    description:
      'A wall-mountable RO, UV and UF water purifier with an 8 litre storage tank and a TDS controller that retains essential minerals.',
    price: 16500,
    quantity: 14,
    shipping: true,
    category: 'Home & Kitchen',
    icon: 'droplet',
  },
  {
    name: 'LG 7kg 5 Star Front Load Washing Machine',
    description:
      'A fully automatic front load washer with an inverter direct drive motor, steam wash for allergy care and a quiet, energy-saving cycle.',
    price: 33990,
    quantity: 11,
    shipping: false,
    category: 'Home & Kitchen',
    icon: 'wash-machine',
  },
  {
    name: 'Voltas 1.5 Ton 3 Star Inverter Split AC',
    description:
      'An inverter split air conditioner that keeps rooms cool even at 52 degrees outside, with a copper condenser and a four-in-one adjustable mode.',
    price: 36990,
    quantity: 8,
    shipping: false,
    category: 'Home & Kitchen',
    icon: 'air-conditioning',
  },
  {
    name: 'Samsung 653L Side-by-Side Refrigerator',
    description:
      'A spacious frost-free refrigerator with a digital inverter compressor, convertible freezer space and a sleek matt black finish.',
    price: 74990,
    quantity: 5,
    shipping: false,
    category: 'Home & Kitchen',
    icon: 'fridge',
  },
  {
    name: 'Milton Thermosteel Flask 1 Litre',
    description:
      'A double-walled vacuum insulated stainless steel flask that keeps chai hot or water cold for up to 24 hours. Leak-proof and rust-free.',
    price: 899,
    quantity: 130,
    shipping: true,
    category: 'Home & Kitchen',
    icon: 'bottle',
  },

  // Sports & Fitness
  {
    name: 'SG Kashmir Willow Cricket Bat',
    description:
      'A full-size Kashmir willow bat with a cane handle and a thick edge, pre-knocked and ready for tennis ball and leather ball practice.',
    price: 1599,
    quantity: 58,
    shipping: true,
    category: 'Sports & Fitness',
    icon: 'cricket',
  },
  {
    name: 'Yonex Astrox 88D Pro Badminton Racquet',
    description:
      'A head-heavy graphite racquet designed for powerful smashes from the back court, favoured by advanced doubles players.',
    price: 15490,
    quantity: 12,
    shipping: true,
    category: 'Sports & Fitness',
    icon: 'ping-pong',
  },
  {
    name: 'Nivia Storm Football Size 5',
    description:
      'A durable rubber-moulded football with a textured surface for good grip, suitable for training and matches on grass or hard ground.',
    price: 549,
    quantity: 100,
    shipping: true,
    category: 'Sports & Fitness',
    icon: 'ball-football',
  },
  {
    name: 'Boldfit 6mm Anti-Slip Yoga Mat',
    description:
      'A lightweight, cushioned yoga mat with an anti-slip textured surface and a carry strap, ideal for yoga, pilates and home workouts.',
    price: 499,
    mrp: 999,
    quantity: 125,
    shipping: true,
    category: 'Sports & Fitness',
    icon: 'yoga',
  },
  {
    name: 'Powermax Fitness Motorised Treadmill',
    description:
      'A foldable motorised treadmill with a 2 HP motor, twelve preset programmes and a top speed of 14 km/h for cardio at home.',
    price: 27999,
    quantity: 6,
    shipping: false,
    category: 'Sports & Fitness',
    icon: 'treadmill',
  },
  {
    name: 'Hero Sprint 26T Mountain Bicycle',
    description:
      'A 21-speed mountain bike with front suspension, dual disc brakes and a sturdy steel frame for city commutes and weekend trails.',
    price: 12499,
    quantity: 19,
    shipping: true,
    category: 'Sports & Fitness',
    icon: 'bike',
  },

  // Beauty & Personal Care
  {
    name: 'Philips BT3221 Beard Trimmer',
    description:
      'A cordless beard trimmer with twenty length settings, self-sharpening stainless steel blades and up to 90 minutes of use per charge.',
    price: 1399,
    quantity: 85,
    shipping: true,
    category: 'Beauty & Personal Care',
    icon: 'razor-electric',
  },
  {
    name: 'Forest Essentials Soundarya Radiance Cream',
    description:
      'A luxurious Ayurvedic day cream with 24 karat gold and pure saffron that nourishes the skin and gives it a natural healthy glow.',
    price: 4975,
    quantity: 20,
    shipping: true,
    category: 'Beauty & Personal Care',
    icon: 'milk',
  },
  {
    name: 'Mamaearth Onion Hair Oil 250ml',
    description:
      'A hair oil enriched with red onion seed oil and redensyl that helps reduce hair fall and supports stronger, healthier hair.',
    price: 399,
    mrp: 449,
    quantity: 145,
    shipping: true,
    category: 'Beauty & Personal Care',
    icon: 'vaccine-bottle',
  },
  {
    name: 'Lakme 9 to 5 Matte Lipstick',
    description:
      'A long-lasting matte lipstick with a built-in primer that glides on smoothly and keeps its rich colour from morning meetings to evening plans.',
    price: 549,
    quantity: 90,
    shipping: true,
    category: 'Beauty & Personal Care',
    icon: 'brush',
  },
  {
    name: 'Kama Ayurveda Kumkumadi Face Oil',
    description:
      'A traditional Ayurvedic night serum with saffron and sixteen precious herbs that helps brighten the complexion and even out skin tone.',
    price: 2995,
    quantity: 33,
    shipping: true,
    category: 'Beauty & Personal Care',
    icon: 'droplet-half-2',
  },
  {
    name: 'Dyson Airwrap Multi-Styler',
    description:
      'Curl, wave, smooth and dry hair with air instead of extreme heat, using attachments that adapt to every hair type and length.',
    price: 45900,
    quantity: 2,
    shipping: true,
    category: 'Beauty & Personal Care',
    icon: 'wind',
  },
];
