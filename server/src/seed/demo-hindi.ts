/**
 * The demo catalogue's Hindi: every category's name, and the name and description of some
 * products, so that Hindi pages show both (a product without them shows its English).
 */
import type { DemoCategory } from './demo-catalog';

export const DEMO_CATEGORY_HINDI: Record<DemoCategory, string> = {
  Electronics: 'इलेक्ट्रॉनिक्स',
  Mobiles: 'मोबाइल',
  Fashion: 'फ़ैशन',
  Books: 'किताबें',
  'Home & Kitchen': 'घर और रसोई',
  'Sports & Fitness': 'खेल और फ़िटनेस',
  'Beauty & Personal Care': 'सौंदर्य और पर्सनल केयर',
};

/** By the product's English name. */
export const DEMO_PRODUCT_HINDI: Record<string, { nameHi: string; descriptionHi: string }> = {
  'Cotton Kurta Set for Men': {
    nameHi: 'पुरुषों के लिए सूती कुर्ता सेट',
    descriptionHi:
      'मैंडरिन कॉलर वाला हवादार शुद्ध सूती कुर्ता और मैचिंग पजामा। त्योहारों, पूजा और पारिवारिक समारोहों के लिए आरामदायक।',
  },
  'Banarasi Silk Saree with Blouse Piece': {
    nameHi: 'ब्लाउज़ पीस के साथ बनारसी सिल्क साड़ी',
    descriptionHi:
      'ज़री के काम वाली पारंपरिक बनारसी सिल्क साड़ी, साथ में बिना सिला ब्लाउज़ पीस। शादी और त्योहारों के लिए।',
  },
  'Chikankari Embroidered Anarkali Kurta for Women': {
    nameHi: 'महिलाओं के लिए चिकनकारी कढ़ाई वाला अनारकली कुर्ता',
    descriptionHi: 'लखनऊ की हाथ की चिकनकारी कढ़ाई वाला हल्का जॉर्जेट अनारकली कुर्ता।',
  },
  'Godaan by Munshi Premchand': {
    nameHi: 'गोदान - मुंशी प्रेमचंद',
    descriptionHi:
      'होरी और धनिया की कहानी: भारतीय किसान के जीवन पर प्रेमचंद का अमर उपन्यास, हिंदी साहित्य की धरोहर।',
  },
  'Wings of Fire by A. P. J. Abdul Kalam': {
    nameHi: 'अग्नि की उड़ान - ए. पी. जे. अब्दुल कलाम',
    descriptionHi: 'रामेश्वरम के एक लड़के से भारत के मिसाइल मैन बनने तक, डॉ. कलाम की प्रेरणा देने वाली आत्मकथा।',
  },
  'Hawkins Contura 5 Litre Pressure Cooker': {
    nameHi: 'हॉकिन्स कॉन्टुरा 5 लीटर प्रेशर कुकर',
    descriptionHi: 'गैस और इंडक्शन दोनों पर चलने वाला 5 लीटर का हार्ड एनोडाइज़्ड प्रेशर कुकर।',
  },
  'SG Kashmir Willow Cricket Bat': {
    nameHi: 'एसजी कश्मीर विलो क्रिकेट बैट',
    descriptionHi: 'टेनिस और लेदर बॉल के लिए कश्मीर विलो का मज़बूत बैट, मुलायम ग्रिप के साथ।',
  },
  'Redmi Note 13 5G 6GB/128GB': {
    nameHi: 'रेडमी नोट 13 5G 6GB/128GB',
    descriptionHi: '6.67 इंच का AMOLED डिस्प्ले, 108MP कैमरा और 5000mAh बैटरी वाला 5G फ़ोन।',
  },
  'Mamaearth Onion Hair Oil 250ml': {
    nameHi: 'मामाअर्थ प्याज़ हेयर ऑयल 250ml',
    descriptionHi: 'प्याज़ और रेडसीड तेल से बना हेयर ऑयल, बालों का झड़ना कम करने के लिए।',
  },
};
