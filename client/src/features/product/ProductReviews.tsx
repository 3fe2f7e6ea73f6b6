import { useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Card,
  Group,
  Input,
  Progress,
  Rating,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { REVIEW_RULES } from '@shop/rules';
import { useId, useState } from 'react';
import { LoadStatus } from '../../components/LoadStatus';
import { Pager } from '../../components/Pager';
import { RatingStars } from '../../components/RatingStars';
import type { ReviewFieldsFragment } from '../../gql/graphql';
import { useMyReviewQuery, useProductReviewsQuery, useWriteReviewMutation } from '../../gql/hooks';
import { formatDate } from '../../lib/dates';
import { focusFirstError } from '../../lib/form-errors';
import { fieldRefusal, notifySuccess } from '../../lib/notify';
import { useAuth } from '../../session/auth';
import { reviewWords, starsInWords, starsRow } from './review-words';

interface ReviewedProduct {
  id: string;
  rating?: { average: number; count: number } | null;
}

/** How many visible reviews gave each number of stars, as bars. */
function Breakdown({ rows, total }: { rows: { stars: number; count: number }[]; total: number }) {
  const words = reviewWords();
  return (
    <Stack gap={4} aria-label={words.breakdown} role="list">
      {rows.map(({ stars, count }) => (
        <Group
          key={stars}
          gap="xs"
          wrap="nowrap"
          role="listitem"
          aria-label={starsRow(stars, count)}
        >
          <Text size="sm" w={48} aria-hidden>
            {stars} ★
          </Text>
          <Progress
            value={total ? (count / total) * 100 : 0}
            style={{ flex: 1 }}
            color="yellow"
            aria-hidden
          />
          <Text size="sm" w={32} ta="right" aria-hidden>
            {count}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}

function ReviewItem({ review }: { review: ReviewFieldsFragment }) {
  const { t } = useLingui();
  const rating = review.rating;
  return (
    <Card withBorder padding="sm" data-testid="review" component="article">
      <Group justify="space-between" gap="xs">
        <Rating
          value={review.rating}
          readOnly
          size="sm"
          role="img"
          aria-label={t`${rating} out of 5`}
        />
        <Text size="xs" c="dimmed">
          {review.name}, {formatDate(review.createdAt)}
        </Text>
      </Group>
      {review.title && (
        <Text fw={600} mt={4}>
          {review.title}
        </Text>
      )}
      {review.text && (
        <Text size="sm" mt={4} style={{ whiteSpace: 'pre-line' }}>
          {review.text}
        </Text>
      )}
    </Card>
  );
}

interface ReviewFormValues {
  rating: number;
  title: string;
  text: string;
}

/** The signed-in shopper's own review, to write or to edit. */
function ReviewForm({ productId, mine }: { productId: string; mine: ReviewFieldsFragment | null }) {
  const words = reviewWords();
  const [write, { loading }] = useWriteReviewMutation({
    refetchQueries: ['ProductReviews', 'ProductDetails', 'MyReview'],
  });
  const [refusal, setRefusal] = useState<string | null>(null);
  // The form element, for moving the focus to its first field in error.
  const [formElement, formRef] = useState<HTMLFormElement | null>(null);
  const ratingError = `${useId()}-error`;
  const form = useForm<ReviewFormValues>({
    initialValues: { rating: mine?.rating ?? 0, title: mine?.title ?? '', text: mine?.text ?? '' },
    validate: {
      rating: (value) => (value >= 1 && value <= 5 ? null : words.ratingRequired),
      title: (value) =>
        value.trim().length > REVIEW_RULES.title.maxLength ? words.titleTooLong : null,
      text: (value) =>
        value.trim().length > REVIEW_RULES.text.maxLength ? words.textTooLong : null,
    },
  });
  const submit = form.onSubmit(
    async (values) => {
      setRefusal(null);
      try {
        await write({
          variables: {
            input: {
              productId,
              rating: values.rating,
              title: values.title.trim(),
              text: values.text.trim(),
            },
          },
        });
        notifySuccess(words.saved);
      } catch (error) {
        const { field, message } = fieldRefusal(error);
        // Texts are refused as "title must ..."; the rating and the product as "rating: ...".
        const named = (['rating', 'title', 'text'] as const).find(
          (name) => field === name || (!field && message.startsWith(`${name} `)),
        );
        if (named) form.setFieldError(named, message);
        else setRefusal(message);
        focusFirstError(formElement);
      }
    },
    () => focusFirstError(formElement),
  );
  return (
    <form onSubmit={submit} aria-label={words.formTitle} noValidate ref={formRef}>
      <Stack gap="sm">
        <Title order={3} size="h4">
          {words.formTitle}
        </Title>
        {mine?.hidden && <Alert color="gray">{words.hiddenNote}</Alert>}
        {refusal && (
          <Alert color="red" role="alert">
            {refusal}
          </Alert>
        )}
        <Input.Wrapper
          label={words.rating}
          labelElement="div"
          required
          error={form.errors.rating}
          errorProps={{ id: ratingError }}
        >
          <div
            role="radiogroup"
            aria-label={words.rating}
            aria-invalid={form.errors.rating ? true : undefined}
            aria-describedby={form.errors.rating ? ratingError : undefined}
          >
            <Rating
              value={form.values.rating}
              onChange={(value) => form.setFieldValue('rating', value)}
              getSymbolLabel={starsInWords}
              size="lg"
            />
          </div>
        </Input.Wrapper>
        <TextInput
          label={words.title}
          maxLength={REVIEW_RULES.title.maxLength}
          {...form.getInputProps('title')}
        />
        <Textarea
          label={words.text}
          autosize
          minRows={3}
          maxLength={REVIEW_RULES.text.maxLength}
          {...form.getInputProps('text')}
        />
        <Group>
          <Button type="submit" color="dark" loading={loading}>
            {mine ? words.edit : words.write}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The form, for a signed-in shopper the product was delivered to. */
function MyReview({ productId }: { productId: string }) {
  const { data } = useMyReviewQuery({ variables: { productId }, fetchPolicy: 'cache-and-network' });
  if (!data?.mayReview) return null;
  const mine = data.myReview ?? null;
  // Keyed by the review as saved, so the form starts again from it once it is written.
  return <ReviewForm key={mine?.updatedAt ?? 'new'} productId={productId} mine={mine} />;
}

/** The product page's reviews: the average, the breakdown, the list a page at a time, the form. */
export function ProductReviews({ product }: { product: ReviewedProduct }) {
  const { t } = useLingui();
  const words = reviewWords();
  const { auth } = useAuth();
  const [page, setPage] = useState(1);
  const query = useProductReviewsQuery({ variables: { productId: product.id, page } });
  const reviews = query.data?.productReviews;
  return (
    <section aria-labelledby="reviews-heading">
      <Title order={2} size="h3" mt="xl" mb="md" id="reviews-heading">
        {words.heading}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
        <Stack gap="md">
          <RatingStars rating={product.rating} size="md" />
          {reviews && reviews.total > 0 && (
            <Breakdown rows={reviews.breakdown} total={reviews.total} />
          )}
          {auth && <MyReview productId={product.id} />}
        </Stack>
        <Stack gap="sm">
          <LoadStatus of={query} failure={t`Reviews could not be loaded.`} />
          {reviews && reviews.total === 0 && <Text>{words.none}</Text>}
          {reviews?.items.map((review) => (
            <ReviewItem key={review.id} review={review} />
          ))}
          {reviews && (
            <Pager
              total={reviews.total}
              pageSize={reviews.pageSize}
              page={page}
              onChange={setPage}
            />
          )}
        </Stack>
      </SimpleGrid>
    </section>
  );
}
