import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

/** A webhook receiver on loopback for tests: records every request and answers what `answer` says. */
export interface TestReceiver {
  url: string;
  received: { headers: IncomingHttpHeaders; body: string }[];
  /** The status of the next answers, in order; 200 once they are used up. */
  answers: number[];
  close(): Promise<void>;
}

export async function startReceiver(): Promise<TestReceiver> {
  const receiver: TestReceiver = { url: '', received: [], answers: [], close: async () => undefined };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = receiver.answers.shift() ?? 200;
      response.writeHead(status, { 'content-type': 'text/plain' });
      response.end(status < 300 ? 'ok' : `failing on purpose (${status})`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hooks`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}
