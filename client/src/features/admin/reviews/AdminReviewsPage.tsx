import { Anchor, Badge, Button, Rating, SegmentedControl, Table, Text } from '@mantine/core';
import { ADMIN_PAGE_SIZE } from '@shop/rules';
import { Link } from 'react-router-dom';
import { ListPage } from '../../../components/ListPage';
import { LoadStatus } from '../../../components/LoadStatus';
import { Pager } from '../../../components/Pager';
import { TableHead } from '../../../components/TableHead';
import { useAdminReviewsQuery, useSetReviewHiddenMutation } from '../../../gql/admin-hooks';
import { formatDate } from '../../../lib/dates';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { productPath } from '../../../lib/routes';
import { excerpt } from '../../../lib/text';
import { usePagedFilter } from '../../../lib/use-paged-filter';

const COLUMNS = ['Date', 'Product', 'Shopper', 'Stars', 'Review', 'Shown', ''];

/** Which reviews the list shows, as the filter names them. */
const SHOWING = [
  { value: 'all', label: 'All' },
  { value: 'shown', label: 'Shown' },
  { value: 'hidden', label: 'Hidden' },
];

export const ADMIN_REVIEW_WORDS = {
  title: 'Reviews',
  none: 'No reviews match.',
  hide: 'Hide',
  show: 'Show',
  hidden: 'Review hidden: it no longer counts in the rating',
  shown: 'Review shown again',
};

export default function AdminReviewsPage() {
  const { page, setPage, filter: showing, setFilter: setShowing } = usePagedFilter('all');
  const query = useAdminReviewsQuery({
    variables: {
      page,
      pageSize: ADMIN_PAGE_SIZE,
      hidden: showing === 'all' ? null : showing === 'hidden',
    },
    fetchPolicy: 'cache-and-network',
  });
  const [setHidden, { loading: saving }] = useSetReviewHiddenMutation({
    refetchQueries: ['AdminReviews'],
  });
  const reviews = query.data?.reviews;

  const toggle = async (id: string, hidden: boolean) => {
    try {
      await setHidden({ variables: { id, hidden } });
      notifySuccess(hidden ? ADMIN_REVIEW_WORDS.hidden : ADMIN_REVIEW_WORDS.shown);
    } catch (error) {
      notifyError(errorMessage(error));
    }
  };

  return (
    <ListPage
      title={ADMIN_REVIEW_WORDS.title}
      filter={
        <SegmentedControl
          aria-label="Which reviews"
          data={SHOWING}
          value={showing}
          onChange={setShowing}
        />
      }
    >
      <LoadStatus of={query} failure="Reviews could not be loaded." />
      {reviews && reviews.items.length === 0 && <Text>{ADMIN_REVIEW_WORDS.none}</Text>}
      {reviews && reviews.items.length > 0 && (
        <Table.ScrollContainer minWidth={840}>
          <Table striped>
            <TableHead columns={COLUMNS} />
            <Table.Tbody>
              {reviews.items.map((review) => (
                <Table.Tr key={review.id} data-testid="review-row">
                  <Table.Td>{formatDate(review.createdAt)}</Table.Td>
                  <Table.Td>
                    {review.productSlug ? (
                      <Anchor component={Link} to={productPath(review.productSlug)}>
                        {review.productName}
                      </Anchor>
                    ) : (
                      '-'
                    )}
                  </Table.Td>
                  <Table.Td>{review.name}</Table.Td>
                  <Table.Td>
                    <Rating
                      value={review.rating}
                      readOnly
                      size="xs"
                      role="img"
                      aria-label={`${review.rating} out of 5`}
                    />
                  </Table.Td>
                  <Table.Td>
                    {review.title && <Text fw={600}>{review.title}</Text>}
                    <Text size="sm">{excerpt(review.text, 120)}</Text>
                  </Table.Td>
                  <Table.Td>
                    {review.hidden ? (
                      <Badge color="gray">Hidden</Badge>
                    ) : (
                      <Badge variant="light">Shown</Badge>
                    )}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      variant="light"
                      disabled={saving}
                      onClick={() => toggle(review.id, !review.hidden)}
                      aria-label={`${review.hidden ? ADMIN_REVIEW_WORDS.show : ADMIN_REVIEW_WORDS.hide} the review by ${review.name} of ${review.productName}`}
                    >
                      {review.hidden ? ADMIN_REVIEW_WORDS.show : ADMIN_REVIEW_WORDS.hide}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {reviews && (
        <Pager total={reviews.total} pageSize={ADMIN_PAGE_SIZE} page={page} onChange={setPage} />
      )}
    </ListPage>
  );
}
