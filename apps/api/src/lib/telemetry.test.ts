import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { signUp, TestClient } from '../test/client.ts';
import { startTestServer, testDriver, type TestServer } from '../test/harness.ts';
import { createCampaign } from '../test/factories.ts';
import { supporterWithCard } from '../test/money.ts';
import { startTracing, type Tracing } from './telemetry.ts';

const exporter = new InMemorySpanExporter();
let tracing: Tracing;
let server: TestServer;
let hostId: string;
beforeAll(async () => {
  tracing = await startTracing({ exporter: 'otlp', protocol: 'http/protobuf' }, { spanExporter: exporter });
  server = await startTestServer({}, { tracing });
  hostId = (await signUp(server.url)).user._id;
});
afterAll(async () => {
  await server?.close();
  await tracing?.shutdown();
});

const parentOf = (span: ReadableSpan) => span.parentSpanContext?.spanId;

/** Every span of the trace below `root`, found by following parents. */
function descendants(spans: ReadableSpan[], root: ReadableSpan): ReadableSpan[] {
  const below = new Set([root.spanContext().spanId]);
  const found: ReadableSpan[] = [];
  for (let grew = true; grew;) {
    grew = false;
    for (const span of spans) {
      const id = span.spanContext().spanId;
      if (!below.has(id) && below.has(parentOf(span) ?? '')) {
        below.add(id);
        found.push(span);
        grew = true;
      }
    }
  }
  return found;
}

describe(`a pledge's trace (${testDriver})`, () => {
  it('has the request span, and the database statements of the pledge below it in the same trace', async () => {
    const campaign = await createCampaign(server.app, hostId, { status: 'approved' });
    const { client, cardId } = await supporterWithCard(server);
    await tracing.flush();
    exporter.reset();

    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const response = await client.request('POST', `/api/events/${campaign.id}/pledges`, {
      json: { amount: 100, tip_percent: 20, cover_fees: false, anonymous: false, message: 'Traced', payment_method_id: cardId },
      headers: { traceparent },
    });
    expect(response.status).toBe(201);
    await tracing.flush();

    const spans = exporter.getFinishedSpans();
    const request = spans.find((span) => span.name === 'request' && span.attributes['http.route'] === '/api/events/:id/pledges');
    expect(request, spans.map((span) => span.name).join(', ')).toBeDefined();
    // The caller's trace goes on: the request span's parent is the traceparent's span.
    expect(request!.spanContext().traceId).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    expect(parentOf(request!)).toBe('00f067aa0ba902b7');
    expect(request!.attributes['http.response.status_code']).toBe(201);

    const below = descendants(spans, request!);
    expect(below.some((span) => span.name.startsWith('handler - '))).toBe(true);
    const statements = below.filter((span) => span.attributes['db.system.name'] === 'postgresql' || span.attributes['db.system'] === 'postgresql');
    // The sign-in's check, then the pledge itself: one statement that reads the campaign and the
    // card and writes the pledge (its round trips are what a slow pledge's trace shows).
    expect(statements.length).toBeGreaterThanOrEqual(2);
    const texts = statements.map((span) => String(span.attributes['db.query.text'] ?? span.attributes['db.statement'] ?? ''));
    expect(texts.some((text) => /insert into "pledges"/i.test(text))).toBe(true);
    for (const span of statements) expect(span.spanContext().traceId).toBe(request!.spanContext().traceId);
    if (testDriver === 'pglite') expect(statements.every((span) => span.attributes['db.driver'] === 'pglite')).toBe(true);
  });

  it('traces no health probe, no scrape and nothing outside a request', async () => {
    await tracing.flush();
    exporter.reset();
    expect((await new TestClient(server.url).get('/api/health')).status).toBe(200);
    expect((await new TestClient(server.url).get('/api/ready')).status).toBe(200);
    await server.app.ctx.database.query('select 1');
    await tracing.flush();
    expect(exporter.getFinishedSpans().map((span) => span.name)).toEqual([]);
  });
});

describe('tracing settings', () => {
  const settings = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/pledgeway-tracing-settings', ...env }, { databaseUrl: 'memory://' }).tracing;

  it('is off by default, with OTEL_SDK_DISABLED, and with OTEL_TRACES_EXPORTER=none', () => {
    expect(settings({})).toBeUndefined();
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318', OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
  });

  it('sends OTLP over HTTP when an endpoint is set, or the exporter is named', () => {
    expect(settings({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' })).toEqual({ exporter: 'otlp', protocol: 'http/protobuf' });
    expect(settings({ OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://collector:4318/v1/traces', OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json' })).toEqual({
      exporter: 'otlp',
      protocol: 'http/json',
    });
    expect(settings({ OTEL_TRACES_EXPORTER: 'otlp' })).toEqual({ exporter: 'otlp', protocol: 'http/protobuf' });
    expect(settings({ OTEL_TRACES_EXPORTER: 'console' })).toEqual({ exporter: 'console', protocol: 'http/protobuf' });
  });

  it('refuses gRPC, an unknown exporter and an endpoint that is not a URL, naming each', () => {
    expect(() => settings({ OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc', OTEL_TRACES_EXPORTER: 'zipkin', OTEL_EXPORTER_OTLP_ENDPOINT: 'the collector' })).toThrow(
      /OTEL_TRACES_EXPORTER: must be otlp, console or none[\s\S]*OTEL_EXPORTER_OTLP_ENDPOINT: must be a URL[\s\S]*OTEL_EXPORTER_OTLP_PROTOCOL: must be http\/protobuf or http\/json \(gRPC is not supported/,
    );
  });
});
