import { useParams } from 'react-router-dom';
import { useOrderByNumberQuery } from '../../gql/account-hooks';
import { isRefusedAs } from '../../lib/notify';
import { useAuth } from '../../session/auth';

/**
 * The order the route names by its number (`:number`), as the server answers it to the
 * signed-in shopper. `notFound`: no such order among theirs (or no order number at all); the
 * server tells both apart from someone else's order no more than the page does.
 */
export function useOrderOfRoute() {
  const number = useParams().number ?? '';
  const { auth } = useAuth();
  const query = useOrderByNumberQuery({
    variables: { number },
    skip: !auth?.token || !number,
    fetchPolicy: 'cache-and-network',
  });
  const notFound = !query.data && isRefusedAs(query.error, 'NOT_FOUND', 'BAD_USER_INPUT');
  return { number, query, order: query.data?.order ?? null, notFound };
}
