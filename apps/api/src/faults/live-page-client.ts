import http from 'node:http';

/** The header in which the balancer (HAProxy in the bench, the test's proxy) names the instance that answered. */
export const SERVED_BY = 'x-served-by';

/**
 * An open campaign page as a browser's EventSource keeps it: through the balancer, the last `retry`
 * the server sent waited before each reconnect, and the totals merged from every message (the
 * first whole, then what changed).
 */
export class LivePage {
  readonly connections: { servedBy: string; openedAt: number; firstMessageAt?: number }[] = [];
  totals: Record<string, unknown> = {};
  private retryMs = 3_000;
  private closed = false;
  private request: http.ClientRequest | undefined;
  readonly opened: Promise<void>;

  constructor(
    private readonly url: string,
    private readonly onLost: () => void = () => undefined,
  ) {
    this.opened = new Promise((resolve) => this.connect(resolve));
  }

  private connect(firstMessage?: () => void) {
    if (this.closed) return;
    const again = () => {
      this.request = undefined;
      if (!this.closed) setTimeout(() => this.connect(firstMessage), this.retryMs);
    };
    const request = http.get(this.url, { agent: false, headers: { accept: 'text/event-stream' } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        response.on('end', again);
        return;
      }
      const connection = { servedBy: String(response.headers[SERVED_BY] ?? '?'), openedAt: Date.now(), firstMessageAt: undefined as number | undefined };
      this.connections.push(connection);
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          for (const line of message.split('\n')) {
            if (line.startsWith('retry: ')) this.retryMs = Number(line.slice('retry: '.length));
            if (line.startsWith('data: ')) {
              Object.assign(this.totals, JSON.parse(line.slice('data: '.length)) as Record<string, unknown>);
              connection.firstMessageAt ??= Date.now();
              firstMessage?.();
              firstMessage = undefined;
            }
          }
        }
      });
      const lost = () => {
        this.onLost();
        again();
      };
      response.on('end', lost);
      response.on('error', () => undefined);
      response.on('close', () => response.complete || lost());
    });
    request.on('error', again);
    this.request = request;
  }

  close() {
    this.closed = true;
    this.request?.destroy();
  }
}

/** A fresh page's first message: the campaign's whole totals as an instance reads them now. */
export async function currentTotals(liveUrl: string): Promise<Record<string, unknown>> {
  const page = new LivePage(liveUrl);
  try {
    await page.opened;
    return { ...page.totals };
  } finally {
    page.close();
  }
}
