import type { AdminReviewQueueItem } from '@pledgeway/domain/schemas/admin';
import { useNavigate, useParams } from 'react-router';
import { paths } from '@/config/paths';

/**
 * Where the reviewer is in the queue: the campaign in the URL (or the first waiting), moving to
 * the next or previous, and what opens after a decision.
 */
export function useReviewPosition(items: AdminReviewQueueItem[]) {
  const { eventId } = useParams();
  const navigate = useNavigate();
  const currentId = eventId ?? items[0]?._id;
  const index = items.findIndex((item) => item._id === currentId);
  const goTo = (offset: number) => {
    const target = items[index + offset];
    if (target) navigate(paths.admin.review(target._id));
  };
  /** After a decision the next campaign opens (or the previous one at the end of the queue). */
  const afterDecision = () => {
    const next = items[index + 1] ?? items[index - 1];
    navigate(next ? paths.admin.review(next._id) : paths.admin.reviews, { replace: true });
  };
  return { currentId, index, goTo, afterDecision };
}
