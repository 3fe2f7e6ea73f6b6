import { Button } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { currentLanguage, LANGUAGE_NAMES, switchLanguage } from '../lib/i18n';
import { notifyError } from '../lib/notify';

/**
 * The other language, named in itself ("हिन्दी" on English pages, "English" on Hindi ones):
 * one press switches the storefront and keeps the choice in this browser.
 */
export function LanguageSwitch({ size = 'compact-md' }: { size?: string }) {
  const { t } = useLingui();
  const [switching, setSwitching] = useState(false);
  const other = currentLanguage() === 'hi' ? 'en' : 'hi';
  const choose = () => {
    setSwitching(true);
    switchLanguage(other, true)
      .catch(() =>
        notifyError(t`Could not load the language. Check your connection and try again.`),
      )
      .finally(() => setSwitching(false));
  };
  return (
    <Button variant="subtle" size={size} lang={other} loading={switching} onClick={choose}>
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
