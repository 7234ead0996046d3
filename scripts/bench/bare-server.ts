// The ceiling: a bare Fastify hello-world route in its own process, measured beside the app in
// the same run (docs/architecture.md#budgets states the server budgets as ratios against it).
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`listening ${address}`);
