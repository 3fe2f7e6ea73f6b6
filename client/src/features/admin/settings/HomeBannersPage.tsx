import {
  Alert,
  Box,
  Button,
  ColorInput,
  Fieldset,
  Group,
  NativeSelect,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm, UseFormReturnType } from '@mantine/form';
import { BANNER_RULES } from '@shop/banner-rules';
import { useState } from 'react';
import { LoadStatus } from '../../../components/LoadStatus';
import { Page } from '../../../components/Page';
import type { HomeBannerFieldsFragment } from '../../../gql/graphql';
import { useCategoriesQuery } from '../../../gql/hooks';
import { useAllHomeBannersQuery, useUpdateHomeBannersMutation } from '../../../gql/admin-hooks';
import { errorMessage, notifySuccess } from '../../../lib/notify';
import {
  BANNERS,
  BannersFormValues,
  contrastOf,
  formOf,
  inputOf,
  LINK_KINDS,
  newBanner,
  refusedAt,
} from './home-banners-form';
import { ProductPicker, useProductChoices } from '../ProductPicker';

type BannersForm = UseFormReturnType<BannersFormValues>;

/** The banner as the home page will show it: its words in its colours. */
function Preview({ values }: { values: BannersFormValues['banners'][number] }) {
  return (
    <Box
      p="sm"
      style={{ background: values.background, color: values.textColour, borderRadius: 8 }}
      aria-hidden
    >
      <Text fw={700}>{values.title || BANNERS.bannerTitle}</Text>
      {values.text && <Text size="sm">{values.text}</Text>}
      <Text size="sm" td="underline" mt={4}>
        {values.buttonLabel}
      </Text>
    </Box>
  );
}

/** One banner's fields, with its place in the list to move or remove it. */
function BannerFields({
  form,
  at,
  saved,
  categories,
}: {
  form: BannersForm;
  at: number;
  saved: string[];
  categories: { value: string; label: string }[];
}) {
  const banner = form.values.banners[at];
  const field = (name: string) => `banners.${at}.${name}`;
  const products = useProductChoices(saved, banner.productIds);
  const contrast = contrastOf(banner.background, banner.textColour);
  const count = form.values.banners.length;
  const lowContrast = contrast !== null && contrast < BANNER_RULES.minContrast;
  const colourProps = form.getInputProps(field('textColour'));
  return (
    <Fieldset legend={`${BANNERS.banner(at)}: ${banner.title || '…'}`}>
      <Stack gap="sm">
        <Preview values={banner} />
        <TextInput
          label={BANNERS.bannerTitle}
          maxLength={BANNER_RULES.title.max}
          {...form.getInputProps(field('title'))}
        />
        <Textarea
          label={BANNERS.text}
          maxLength={BANNER_RULES.text.max}
          autosize
          minRows={1}
          {...form.getInputProps(field('text'))}
        />
        <TextInput
          label={BANNERS.buttonLabel}
          maxLength={BANNER_RULES.buttonLabel.max}
          {...form.getInputProps(field('buttonLabel'))}
        />
        <Group grow align="flex-start">
          <ColorInput
            label={BANNERS.background}
            format="hex"
            withEyeDropper={false}
            {...form.getInputProps(field('background'))}
          />
          <ColorInput
            label={BANNERS.textColour}
            format="hex"
            withEyeDropper={false}
            description={contrast === null ? undefined : BANNERS.contrast(contrast)}
            {...colourProps}
            error={colourProps.error ?? (lowContrast ? BANNER_RULES.contrast(contrast) : undefined)}
          />
        </Group>
        <Switch
          label={BANNERS.shown}
          {...form.getInputProps(field('shown'), { type: 'checkbox' })}
        />
        <NativeSelect
          label={BANNERS.kind}
          data={LINK_KINDS}
          {...form.getInputProps(field('kind'))}
        />
        {banner.kind === 'CATEGORY' && (
          <NativeSelect
            label={BANNERS.category}
            data={[{ value: '', label: BANNERS.chooseCategory }, ...categories]}
            {...form.getInputProps(field('category'))}
          />
        )}
        {banner.kind === 'SEARCH' && (
          <TextInput label={BANNERS.search} {...form.getInputProps(field('search'))} />
        )}
        {banner.kind === 'PRODUCTS' && (
          <ProductPicker
            label={BANNERS.products}
            description={BANNERS.productsHint}
            choices={products}
            maxValues={BANNER_RULES.products.max}
            {...form.getInputProps(field('productIds'))}
            onChange={(ids) => form.setFieldValue(field('productIds'), ids)}
          />
        )}
        {banner.kind === 'COUPON' && (
          <TextInput
            label={BANNERS.coupon}
            description={BANNERS.couponHint}
            {...form.getInputProps(field('coupon'))}
          />
        )}
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            disabled={at === 0}
            aria-label={BANNERS.moveUp(at)}
            onClick={() => form.reorderListItem('banners', { from: at, to: at - 1 })}
          >
            Move up
          </Button>
          <Button
            variant="default"
            size="xs"
            disabled={at === count - 1}
            aria-label={BANNERS.moveDown(at)}
            onClick={() => form.reorderListItem('banners', { from: at, to: at + 1 })}
          >
            Move down
          </Button>
          <Button
            variant="outline"
            color="red"
            size="xs"
            aria-label={BANNERS.remove(at)}
            onClick={() => form.removeListItem('banners', at)}
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Fieldset>
  );
}

/**
 * The home page's banners on one form: each with its words, colours (their contrast shown as
 * they are chosen), whether it is shown and where its button leads; added, moved and removed,
 * then saved together. The server checks every field and names the one it refuses.
 */
function HomeBannersForm({ banners }: { banners: readonly HomeBannerFieldsFragment[] }) {
  const form = useForm<BannersFormValues>({ initialValues: formOf(banners) });
  const [refusal, setRefusal] = useState<string | null>(null);
  const [update, { loading }] = useUpdateHomeBannersMutation();
  const categories = useCategoriesQuery();
  const categoryData =
    categories.data?.categories.map((one) => ({ value: one.slug, label: one.name })) ?? [];
  const savedProducts = banners.flatMap((banner) => banner.link.productIds);

  const submit = form.onSubmit(async (values) => {
    setRefusal(null);
    try {
      const { data } = await update({ variables: { input: inputOf(values) } });
      if (!data) return;
      const saved = formOf(data.updateHomeBanners);
      form.setValues(saved);
      form.resetDirty(saved);
      notifySuccess(BANNERS.saved);
    } catch (error) {
      const at = refusedAt(errorMessage(error));
      if (at.path) form.setFieldError(at.path, at.message);
      else setRefusal(at.message);
    }
  });

  const count = form.values.banners.length;
  return (
    <form onSubmit={submit} aria-label={BANNERS.title} noValidate>
      <Stack gap="lg" maw={640}>
        {count === 0 && <Text c="dimmed">{BANNERS.none}</Text>}
        {form.values.banners.map((banner, at) => (
          <BannerFields
            key={banner.id ?? `new-${at}`}
            form={form}
            at={at}
            saved={savedProducts}
            categories={categoryData}
          />
        ))}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Group>
          <Button
            variant="default"
            disabled={count >= BANNER_RULES.maxBanners}
            onClick={() => form.insertListItem('banners', newBanner())}
          >
            {BANNERS.add}
          </Button>
          <Button type="submit" loading={loading}>
            {BANNERS.save}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export default function HomeBannersPage() {
  // Never from the cache: another admin (or instance) may have changed them.
  const query = useAllHomeBannersQuery({ fetchPolicy: 'network-only' });
  const banners = query.data?.allHomeBanners;
  return (
    <Page title={BANNERS.title}>
      <Title order={2} mb="xs">
        {BANNERS.title}
      </Title>
      <Text mb="md">{BANNERS.hint}</Text>
      <LoadStatus of={query} failure={BANNERS.failure} />
      {banners && <HomeBannersForm banners={banners} />}
    </Page>
  );
}
