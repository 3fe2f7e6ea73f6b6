import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Combobox,
  Group,
  Text,
  TextInput,
  useCombobox,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { MAX_SEARCH_LENGTH, SUGGESTION_MIN_LENGTH } from '@shop/rules';
import { FormEvent, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { ProductPhoto, thumbnail } from '../../components/ProductPhoto';
import { useSearchSuggestionsQuery } from '../../gql/hooks';
import { inShopLanguage } from '../../lib/i18n';
import { viewOf } from '../../lib/catalogue-view';
import { formatINR } from '../../lib/money';
import { categoryPath, productPath, searchPath } from '../../lib/routes';

/** Milliseconds of no typing before suggestions are asked for. */
const SUGGESTION_DELAY = 200;

/**
 * The header's search: submitting opens the results page; while typing, the best matching
 * products and categories are offered below, as a combobox (arrows move through them, Enter
 * opens the one chosen, Escape closes the list; Enter with none chosen still submits), and
 * how many there are is announced to screen readers.
 */
export function SearchBox() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const [text, setText] = useState(() => viewOf(params).q);
  const [typed] = useDebouncedValue(text.trim(), SUGGESTION_DELAY);
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  // Asked only while the list is open: otherwise words a results page's URL put in the box,
  // or a search just submitted left there, would fetch a list no one sees.
  const asking = typed.length >= SUGGESTION_MIN_LENGTH && combobox.dropdownOpened;
  const { data, previousData } = useSearchSuggestionsQuery({
    variables: { text: typed },
    skip: !asking,
  });
  const suggestions = asking ? (data ?? previousData)?.searchSuggestions : undefined;
  const products = suggestions?.products ?? [];
  const categories = suggestions?.categories ?? [];
  const count = products.length + categories.length;

  const go = (path: string) => {
    combobox.closeDropdown();
    navigate(path);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const words = text.trim();
    if (words) go(searchPath(words));
  };

  return (
    <form onSubmit={submit} role="search">
      <Group gap={4} wrap="nowrap">
        <Combobox store={combobox} onOptionSubmit={go} width={320} position="bottom-start">
          <Combobox.Target withExpandedAttribute>
            <TextInput
              type="search"
              placeholder={t`Search`}
              aria-label={t`Search`}
              maxLength={MAX_SEARCH_LENGTH}
              size="xs"
              value={text}
              onChange={(event) => {
                setText(event.currentTarget.value);
                combobox.openDropdown();
                combobox.resetSelectedOption();
              }}
              onKeyDown={(event) => {
                // Escape closes the suggestions; a search field would also clear its text.
                if (event.key === 'Escape' && combobox.dropdownOpened) event.preventDefault();
              }}
              onFocus={() => combobox.openDropdown()}
              onBlur={() => combobox.closeDropdown()}
            />
          </Combobox.Target>
          <Combobox.Dropdown hidden={count === 0}>
            <Combobox.Options aria-label={t`Suggestions`}>
              {products.length > 0 && (
                <Combobox.Group label={t`Products`}>
                  {products.map((product) => (
                    <Combobox.Option key={product.id} value={productPath(product.slug)}>
                      <Group gap="xs" wrap="nowrap">
                        {product.photoUrl ? (
                          <ProductPhoto
                            product={product}
                            alt=""
                            sizes="32px"
                            style={thumbnail(32, 32)}
                          />
                        ) : (
                          <div style={{ width: 32, height: 32 }} />
                        )}
                        <Text size="sm" lineClamp={1} style={{ flex: 1 }}>
                          {inShopLanguage(product.name, product.nameHi)}
                        </Text>
                        <Text size="sm" fw={600}>
                          {formatINR(product.price)}
                        </Text>
                      </Group>
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              )}
              {categories.length > 0 && (
                <Combobox.Group label={t`Categories`}>
                  {categories.map((category) => (
                    <Combobox.Option key={category.id} value={categoryPath(category.slug)}>
                      <Text size="sm">{inShopLanguage(category.name, category.nameHi)}</Text>
                    </Combobox.Option>
                  ))}
                </Combobox.Group>
              )}
            </Combobox.Options>
          </Combobox.Dropdown>
        </Combobox>
        <Button type="submit" variant="outline" size="xs">
          <Trans>Search</Trans>
        </Button>
      </Group>
      <VisuallyHidden role="status" aria-live="polite">
        {asking && suggestions
          ? plural(count, { one: '# suggestion', other: '# suggestions' })
          : ''}
      </VisuallyHidden>
    </form>
  );
}
