/**
 * What one instance tells the others after a write, so their public reads and rendered pages follow
 * at once (decision 196): `clear` drops what they keep; otherwise only totals changed (pledges,
 * decision 125) and `writers` are answered what is read after their write.
 */
export interface ReadChange {
  clear: boolean;
  writers: string[];
}

export const READS_NOTIFY_CHANNEL = 'pledgeway_reads';
/** A NOTIFY payload must stay under 8,000 bytes: a uuid is 36 characters. */
const WRITERS_PER_MESSAGE = 150;

/**
 * Gathers the changes announced in one turn of the event loop into one message (a burst of pledges
 * costs one NOTIFY, not one each); each caller's promise settles once the message carrying its
 * change was sent, so a write's answer can wait for it.
 */
export function batchedAnnouncer(send: (payload: string) => Promise<void>, instanceId: string) {
  let pending: { change: ReadChange; done: Promise<void> } | undefined;
  return function announce(change: ReadChange): Promise<void> {
    if (!pending) {
      const batch: ReadChange = { clear: false, writers: [] };
      const done = new Promise<void>((resolve) => setImmediate(resolve)).then(async () => {
        pending = undefined;
        const writers = [...new Set(batch.writers)];
        const messages = batch.clear
          ? [[]]
          : Array.from({ length: Math.max(1, Math.ceil(writers.length / WRITERS_PER_MESSAGE)) }, (_, nth) =>
              writers.slice(nth * WRITERS_PER_MESSAGE, (nth + 1) * WRITERS_PER_MESSAGE),
            );
        await Promise.all(messages.map((part) => send(JSON.stringify({ from: instanceId, clear: batch.clear, writers: part }))));
      });
      pending = { change: batch, done };
    }
    pending.change.clear ||= change.clear;
    pending.change.writers.push(...change.writers);
    return pending.done;
  };
}

/** A message of another instance, or undefined for this instance's own and for what cannot be read. */
export function parseReadChange(payload: string, instanceId: string): ReadChange | undefined {
  try {
    const message = JSON.parse(payload) as { from?: unknown; clear?: unknown; writers?: unknown };
    if (message.from === instanceId) return undefined;
    const writers = Array.isArray(message.writers) ? message.writers.filter((writer): writer is string => typeof writer === 'string') : [];
    return { clear: message.clear === true, writers };
  } catch {
    return undefined;
  }
}
