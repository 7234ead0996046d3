import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { writeToAll } from './fan-out.ts';

/** What writeToAll uses of a page's response, recording what it was sent and when. */
function page(name: string, log: string[]) {
  const response = {
    writableEnded: false,
    destroyed: false,
    write(message: Buffer) {
      log.push(`${name}:${message.toString()}`);
      return true;
    },
  };
  return response as typeof response & ServerResponse;
}

describe('writing one live message to every open page', () => {
  it('writes a slice of pages per turn of the event loop, so work that arrives meanwhile runs between slices', async () => {
    const log: string[] = [];
    const pages = ['a', 'b', 'c', 'd', 'e'].map((name) => page(name, log));
    setImmediate(() => log.push('a request answered'));
    const writingMs = await writeToAll(pages, Buffer.from('m1'), 2);
    expect(log).toEqual(['a:m1', 'b:m1', 'a request answered', 'c:m1', 'd:m1', 'e:m1']);
    expect(writingMs).toBeGreaterThanOrEqual(0);
  });

  it('writes to the pages open when it started: not to one that joined meanwhile, nor to one that left', async () => {
    const log: string[] = [];
    const open = new Set(['a', 'b', 'c'].map((name) => page(name, log)));
    const [, second, third] = [...open];
    const writing = writeToAll(open, Buffer.from('m2'), 1);
    // Between the slices: a page joins (it was sent the newer state whole), one closes, one ends.
    open.add(page('joined', log));
    second!.destroyed = true;
    await new Promise((resolve) => setImmediate(resolve));
    third!.writableEnded = true;
    await writing;
    expect(log).toEqual(['a:m2']);
  });
});
