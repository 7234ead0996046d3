import type { ServerResponse } from 'node:http';
import { setImmediate as nextTurn } from 'node:timers/promises';

/**
 * Open pages written to in one turn of the event loop (decision 280). Each write is a system call
 * that, on a loopback or a proxy's connection, also does the receiving side's TCP work: 3,000
 * pages written in one turn held an instance's loop for about 280 ms, and every pledge waited
 * behind it.
 */
export const FAN_OUT_SLICE = 50;

/**
 * Writes one message to every page open when it starts, a slice per turn of the event loop, so
 * requests that arrive meanwhile are answered between slices. A page that joins during it was sent
 * the newer state whole and is not written to; a page that left is skipped. Resolves to the
 * milliseconds spent writing, not counting the turns between slices.
 */
export async function writeToAll(pages: Iterable<ServerResponse>, message: Buffer, slice = FAN_OUT_SLICE): Promise<number> {
  const targets = [...pages];
  let writingMs = 0;
  for (let start = 0; start < targets.length; start += slice) {
    if (start > 0) await nextTurn();
    const began = performance.now();
    for (const page of targets.slice(start, start + slice)) {
      if (!page.writableEnded && !page.destroyed) page.write(message);
    }
    writingMs += performance.now() - began;
  }
  return writingMs;
}
