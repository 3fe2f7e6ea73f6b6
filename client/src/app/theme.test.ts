import { msg } from '@lingui/core/macro';
import { DEFAULT_THEME, luminance, MantineColorsTuple } from '@mantine/core';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { theme } from './theme';

/** WCAG's contrast ratio of two colours. */
function contrast(one: string, other: string): number {
  const [light, dark] = [luminance(one), luminance(other)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

const AA = 4.5;
const palettes = Object.entries(theme.colors ?? {}).filter(
  (entry): entry is [string, MantineColorsTuple] => entry[1] !== undefined,
);

describe('theme colours', () => {
  it('replaces only palettes Mantine has, keeping its light shades', () => {
    expect(palettes.length).toBeGreaterThan(0);
    for (const [name, shades] of palettes) {
      expect(shades.slice(0, 6), name).toEqual(DEFAULT_THEME.colors[name].slice(0, 6));
      expect(shades, name).toHaveLength(10);
    }
  });

  it.each(palettes)('%s: shades 6 to 9 read on white and white reads on them', (_, shades) => {
    for (const shade of shades.slice(6)) {
      expect(contrast(shade, DEFAULT_THEME.white), shade).toBeGreaterThanOrEqual(AA);
    }
  });

  it.each(palettes)('%s: shade 9 reads on shades 1 and 2 (light variants)', (_, shades) => {
    expect(contrast(shades[9], shades[1])).toBeGreaterThanOrEqual(AA);
    expect(contrast(shades[9], shades[2])).toBeGreaterThanOrEqual(AA);
  });

  it("finds Mantine's own orange too light to read (so these checks can fail)", () => {
    expect(contrast(DEFAULT_THEME.colors.orange[6], DEFAULT_THEME.white)).toBeLessThan(AA);
  });
});

describe('theme close buttons', () => {
  afterEach(() => i18n.activate('en'));

  /** The name a Modal's or a Notification's cross gets from the theme, worked out now. */
  const closeName = (component: 'Modal' | 'Notification'): unknown => {
    const defaults: unknown = theme.components?.[component]?.defaultProps;
    const props = typeof defaults === 'function' ? defaults(theme) : defaults;
    return props?.closeButtonProps?.['aria-label'];
  };

  it('names the cross of dialogs and toasts Close', () => {
    expect(closeName('Modal')).toBe('Close');
    expect(closeName('Notification')).toBe('Close');
  });

  it('names it in the language the storefront speaks when the cross is drawn', () => {
    i18n.load('hi', { [msg`Close`.id]: 'बंद करें' });
    i18n.activate('hi');
    expect(closeName('Modal')).toBe('बंद करें');
    expect(closeName('Notification')).toBe('बंद करें');
  });
});
