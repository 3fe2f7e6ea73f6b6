import { t } from '@lingui/core/macro';
import { colorsTuple, createTheme, DEFAULT_THEME, DefaultMantineColor } from '@mantine/core';

/**
 * Mantine draws text in shade 6 (links, subtle and outline buttons, `c="red"`), white text on
 * shades 6 and 7 (filled buttons and badges, and their hover) and shade 9 text on shades 1 and
 * 2 (light buttons, badges and alerts). Its own shades 6 to 9 of these colours are too light
 * for that to be read at WCAG AA's 4.5:1, so they are replaced by deeper ones of the same hue.
 */
function withDeepShades(name: DefaultMantineColor, deep: [string, string, string, string]) {
  return colorsTuple([...DEFAULT_THEME.colors[name].slice(0, 6), ...deep]);
}

/**
 * What a close button (a cross) says to a screen reader, in the language the storefront speaks
 * when the button is drawn: Mantine calls a function given as `defaultProps` at each render, and
 * the app draws its whole tree again when the language changes (App.tsx), so the theme itself
 * stays one static object.
 */
const closeButton = () => ({ closeButtonProps: { 'aria-label': t`Close` } });

/** The shop's look: Mantine's, orange, with colours deep enough to read (theme.test.ts). */
export const theme = createTheme({
  // Mantine's system fonts, and for Hindi's Devanagari the font fetched with its catalogue
  // (lib/i18n.ts): a phone without Devanagari in its own fonts still draws it.
  fontFamily: DEFAULT_THEME.fontFamily!.replace(
    ', sans-serif',
    ", 'Noto Sans Devanagari', sans-serif",
  ),
  primaryColor: 'orange',
  defaultRadius: 'md',
  colors: {
    orange: withDeepShades('orange', ['#c2410c', '#b13b0b', '#9a3412', '#8a2f10']),
    red: withDeepShades('red', ['#c92a2a', '#b72626', '#a51f1f', '#941c1c']),
    yellow: withDeepShades('yellow', ['#9a6c03', '#9a6400', '#985900', '#8a4a00']),
    teal: withDeepShades('teal', ['#0d8561', '#097e5b', '#077755', '#066b4c']),
    green: withDeepShades('green', ['#2c853c', '#277f37', '#247834', '#1f6a2e']),
    // Shade 6 is also the dimmed text of descriptions and hints.
    gray: withDeepShades('gray', ['#687078', '#495057', '#343a40', '#212529']),
  },
  // Plain objects, not `Menu.extend(...)`: importing the components here would put them (a
  // dialog, a menu, a table) in every page's first download, the home page's included.
  components: {
    // Mantine's first child of a menu, a focus placeholder, is not a menu item, and a menu may
    // hold only those; focus goes to the menu itself instead.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Mantine's close buttons (a dialog's, a toast's) show only a cross: this names them.
    Modal: { defaultProps: closeButton },
    Notification: { defaultProps: closeButton },
    // A table too wide for a phone scrolls sideways: a keyboard must be able to scroll it too,
    // so the scrolling box takes the focus (and shows it like every other control).
    TableScrollContainer: {
      defaultProps: { type: 'native', tabIndex: 0, className: 'mantine-focus-auto' },
    },
  },
});
