/**
 * The demo products shown by more than one photo: beside the picture of the product itself
 * (its `icon`), views of what a shopper looks at next, each an outline icon of Tabler Icons
 * drawn as the product's picture is, with alt text as an admin would write it. The
 * product's own picture stays its first photo.
 */
export interface DemoView {
  icon: string;
  alt: string;
}

export const DEMO_VIEWS: Readonly<Record<string, readonly DemoView[]>> = {
  'Apple iPhone 15 128GB': [
    { icon: 'camera-selfie', alt: 'The 48 MP main camera and the front camera' },
    { icon: 'battery-charging-2', alt: 'USB-C charging, all-day battery' },
    { icon: 'device-mobile-rotated', alt: 'The phone on its side, showing a video' },
  ],
  "Levi's 511 Slim Fit Jeans": [
    { icon: 'ruler-measure', alt: 'Slim fit: the leg measured from hip to hem' },
    { icon: 'tag', alt: 'The leather patch at the back' },
  ],
  'Bata Formal Leather Oxford Shoes for Men': [
    { icon: 'shoe-off', alt: 'The cushioned insole' },
    { icon: 'ruler', alt: 'Size guide: UK 6 to 11' },
  ],
  'Titan Neo Analog Watch for Men': [
    { icon: 'clock-hour-4', alt: 'The dial close up' },
    { icon: 'package', alt: 'The gift box it comes in' },
  ],
  'boAt Rockerz 450 Bluetooth Headphones': [
    { icon: 'bluetooth', alt: 'Bluetooth 5.0 pairing' },
    { icon: 'music', alt: 'Up to 15 hours of playback' },
  ],
};
