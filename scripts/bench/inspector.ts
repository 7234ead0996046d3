// The bench's server is started with `--inspect` on a loopback port so the bench can ask V8 for a
// full garbage collection: the heap that survives it is what the server retains (subscribers,
// caches, per-page state), apart from garbage V8 has not collected yet.
import { freePort } from './processes.ts';

export interface Inspector {
  /** Two full collections (the second frees what the first's finalisers released). */
  collectGarbage(): Promise<void>;
  close(): void;
}

interface DevToolsTarget {
  webSocketDebuggerUrl: string;
}

/** Node's flag for the server, and the connection to make once it is up. */
export async function inspectorPort(): Promise<{ flag: string; connect(): Promise<Inspector> }> {
  const port = await freePort();
  const flag = `--inspect=127.0.0.1:${port}`;
  return {
    flag,
    async connect() {
      const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as DevToolsTarget[];
      if (!target) throw new Error('the server offers no inspector target');
      const socket = new WebSocket(target.webSocketDebuggerUrl);
      await new Promise((resolve, reject) => {
        socket.addEventListener('open', resolve, { once: true });
        socket.addEventListener('error', reject, { once: true });
      });
      let nextId = 1;
      const pending = new Map<number, () => void>();
      socket.addEventListener('message', (event) => {
        const message = JSON.parse(String(event.data)) as { id?: number };
        if (message.id === undefined) return;
        pending.get(message.id)?.();
        pending.delete(message.id);
      });
      const call = (method: string) =>
        new Promise<void>((resolve) => {
          const id = nextId++;
          pending.set(id, resolve);
          socket.send(JSON.stringify({ id, method }));
        });
      return {
        async collectGarbage() {
          await call('HeapProfiler.collectGarbage');
          await call('HeapProfiler.collectGarbage');
        },
        close: () => socket.close(),
      };
    },
  };
}
