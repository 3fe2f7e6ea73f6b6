import { Button, type ButtonProps } from '@mantine/core';
import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useChooseLanguageMutation } from '../gql/hooks';
import { currentLanguage, LANGUAGE_NAMES, LANGUAGE_PARAM, switchLanguage } from '../lib/i18n';
import { notifyError } from '../lib/notify';
import { useAuth } from '../session/auth';

/**
 * The other language, named in itself ("हिन्दी" on English pages, "English" on Hindi ones):
 * one press switches the storefront and keeps the choice in this browser, and with the
 * account when signed in, so it follows the shopper to their other devices.
 */
export function LanguageSwitch(look: Pick<ButtonProps, 'size' | 'variant' | 'c'>) {
  const { t } = useLingui();
  const { auth } = useAuth();
  const [keepWithAccount] = useChooseLanguageMutation();
  const [switching, setSwitching] = useState(false);
  const other = currentLanguage() === 'hi' ? 'en' : 'hi';
  const [search, setSearch] = useSearchParams();
  const choose = () => {
    setSwitching(true);
    // The link's language gave way to the shopper's choice, which a reload is to keep.
    if (search.has(LANGUAGE_PARAM)) {
      setSearch(
        (now) => {
          now.delete(LANGUAGE_PARAM);
          return now;
        },
        { replace: true },
      );
    }
    // Kept with the account even if this page cannot fetch the language now.
    if (auth) void keepWithAccount({ variables: { language: other } }).catch(() => undefined);
    switchLanguage(other, true)
      .catch(() =>
        notifyError(t`Could not load the language. Check your connection and try again.`),
      )
      .finally(() => setSwitching(false));
  };
  return (
    <Button
      variant="subtle"
      size="compact-md"
      {...look}
      lang={other}
      loading={switching}
      onClick={choose}
    >
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
