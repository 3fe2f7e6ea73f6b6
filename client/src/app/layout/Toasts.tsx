import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT } from '../../lib/notify';

/**
 * Where toasts show, at the bottom where they cover neither the header nor the cart's count.
 * Loaded just after the page, not in its first download: no page opens with a toast, and one
 * shown before it is here waits in notify's store, which it then shows.
 */
export default function Toasts() {
  return <Notifications position="bottom-center" limit={TOAST_LIMIT} />;
}
