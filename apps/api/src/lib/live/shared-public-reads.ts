import type { PublicReads } from '../public-read-types.ts';
import type { LiveChannel } from './channel.ts';

/**
 * This instance's public reads, whose every clear and mark is told to the other instances, and
 * which follow theirs (decision 196). `announced()` settles once the others were told of every
 * change so far: a write's answer waits for it, so its writer finds it on whichever instance answers next.
 */
export function sharedPublicReads(reads: PublicReads, channel: Pick<LiveChannel, 'announceReads' | 'onReads'>): PublicReads {
  let last: Promise<void> = Promise.resolve();
  channel.onReads((change) => {
    if (change.clear) reads.clear();
    else if (change.writers.length) for (const writer of change.writers) reads.markStale(writer);
    else reads.markStale(undefined);
  });
  return {
    event: (eventId, readerId) => reads.event(eventId, readerId),
    list: (query, readerId) => reads.list(query, readerId),
    onChange: (listener) => reads.onChange(listener),
    clear() {
      reads.clear();
      last = channel.announceReads({ clear: true, writers: [] });
    },
    markStale(writerId) {
      reads.markStale(writerId);
      last = channel.announceReads({ clear: false, writers: writerId ? [writerId] : [] });
    },
    announced: () => last,
  };
}
