import type { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';

/** Sends a CSV file download named `<name>-<date>.csv`: the whole text, or a stream written as the reader takes it. */
export function sendCsv(reply: FastifyReply, name: string, csv: string | Readable) {
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${name}-${date}.csv"`)
    .header('cache-control', 'no-store')
    .send(csv);
}
