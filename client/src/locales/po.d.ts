// A catalogue imported from the code is compiled on import (Lingui's Vite plugin).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
