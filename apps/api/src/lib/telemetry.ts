import { createRequire } from 'node:module';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import type { Span, Tracer } from '@opentelemetry/api';
import type { FastifyBaseLogger, FastifyPluginCallback } from 'fastify';
import type { SpanExporter } from '@opentelemetry/sdk-trace-node';

/**
 * Traces, when the standard OpenTelemetry variables ask for them (config.ts, `tracing`): off, none
 * of the SDK is loaded. docs/observability.md says how to point them at a collector (decision 230).
 */
export interface TracingSettings {
  /** `otlp` sends to OTEL_EXPORTER_OTLP_(TRACES_)ENDPOINT; `console` prints each span (development). */
  exporter: 'otlp' | 'console';
  protocol: 'http/protobuf' | 'http/json';
}

export interface Tracing {
  /** @fastify/otel: a span per request (`request`), and one per hook and handler below it. Registered before every other plugin. */
  fastifyPlugin: FastifyPluginCallback;
  /** Spans for the embedded database's statements (PGlite has no instrumentation of its own). */
  instrumentEmbedded(client: PGlite): void;
  /** Sends the spans still buffered. */
  flush(): Promise<void>;
  /** Exporter problems (a collector that does not answer) as warnings of the app's log. */
  logTo(log: FastifyBaseLogger): void;
  /**
   * Sends what is buffered, waiting at most `waitMs` (a collector that is gone would otherwise hold
   * a stopping instance through the exporter's retries), then takes every patch and global
   * registration back.
   */
  shutdown(waitMs?: number): Promise<void>;
}

/**
 * Requests that are not traced: the live stream (a request open for hours, whose hooks after the
 * handler never run), the probes and the scrape (many a minute, saying nothing about a pledge).
 */
const UNTRACED = /^\/(api\/events\/[^/?]+\/live|api\/health|api\/ready|metrics)(\?|$)/;

/** How long a stopping instance waits for its last spans to be sent. */
const SHUTDOWN_WAIT_MS = 2_000;

/**
 * Starts the tracer provider (global: one per process) and the instrumentations. The SDK's packages
 * are imported here, so an app without tracing never loads them. `spanExporter` replaces the
 * exporter of `settings` (the tests' in-memory one).
 */
export async function startTracing(settings: TracingSettings, options: { spanExporter?: SpanExporter } = {}): Promise<Tracing> {
  const api = await import('@opentelemetry/api');
  const { NodeTracerProvider, BatchSpanProcessor, ConsoleSpanExporter } = await import('@opentelemetry/sdk-trace-node');
  const { defaultResource, detectResources, envDetector, resourceFromAttributes } = await import('@opentelemetry/resources');
  const { PgInstrumentation } = await import('@opentelemetry/instrumentation-pg');
  const { FastifyOtelInstrumentation } = await import('@fastify/otel');

  const exporter = options.spanExporter ?? (settings.exporter === 'console' ? new ConsoleSpanExporter() : await otlpExporter(settings.protocol));
  // OTEL_SERVICE_NAME and OTEL_RESOURCE_ATTRIBUTES win over the name given here.
  const resource = defaultResource()
    .merge(resourceFromAttributes({ 'service.name': 'pledgeway-api' }))
    .merge(detectResources({ detectors: [envDetector] }));
  // The batch processor exports in the background (OTEL_BSP_* tune it): a collector that is slow or
  // gone costs a request nothing; past the queue's size, spans are dropped, never waited for.
  const provider = new NodeTracerProvider({ resource, spanProcessors: [new BatchSpanProcessor(exporter)] });
  // The async-hooks context manager (a request's spans follow its awaits) and W3C traceparent.
  provider.register();

  const fastify = new FastifyOtelInstrumentation({ ignorePaths: (route) => UNTRACED.test(route.url) });
  fastify.setTracerProvider(provider);

  // The pg instrumentation normally patches pg as it is loaded; this app (an ES module bundle) has
  // loaded it already, so its patches are applied to the loaded module directly: pg's Client (every
  // statement) and pg-pool's Pool (a checkout). Only inside a span: pg-boss's polling and the live
  // channel's LISTEN, outside any request, start no trace of their own.
  const pgInstrumentation = new PgInstrumentation({ enabled: false, requireParentSpan: true });
  pgInstrumentation.setTracerProvider(provider);
  const pgModules = loadedPgModules();
  const definitions = pgInstrumentation.getModuleDefinitions();
  for (const definition of definitions) {
    const loaded = pgModules[definition.name];
    if (loaded) definition.patch?.(loaded);
  }

  const embeddedTracer = provider.getTracer('pledgeway-pglite');
  const instrumented = new WeakSet<object>();

  return {
    fastifyPlugin: fastify.plugin() as FastifyPluginCallback,
    instrumentEmbedded(client) {
      if (instrumented.has(client)) return;
      instrumented.add(client);
      traceEmbeddedStatements(client, embeddedTracer, api);
    },
    flush: () => provider.forceFlush(),
    logTo(log) {
      api.diag.setLogger(
        {
          error: (message, ...args) => log.warn({ args }, `tracing: ${message}`),
          warn: (message, ...args) => log.warn({ args }, `tracing: ${message}`),
          info: () => undefined,
          debug: () => undefined,
          verbose: () => undefined,
        },
        { logLevel: api.DiagLogLevel.WARN, suppressOverrideMessage: true },
      );
    },
    async shutdown(waitMs = SHUTDOWN_WAIT_MS) {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      });
      await Promise.race([provider.shutdown().catch(() => undefined), waited]);
      clearTimeout(timer);
      for (const definition of definitions) {
        const loaded = pgModules[definition.name];
        if (loaded) definition.unpatch?.(loaded);
      }
      fastify.disable();
      api.trace.disable();
      api.context.disable();
      api.propagation.disable();
      api.diag.disable();
    },
  };
}

async function otlpExporter(protocol: TracingSettings['protocol']): Promise<SpanExporter> {
  // Both read the endpoint, headers, timeout and compression from OTEL_EXPORTER_OTLP_* themselves.
  if (protocol === 'http/json') return new (await import('@opentelemetry/exporter-trace-otlp-http')).OTLPTraceExporter();
  return new (await import('@opentelemetry/exporter-trace-otlp-proto')).OTLPTraceExporter();
}

/** pg and the pg-pool it uses, as the app loaded them (the same objects `import pg from 'pg'` gives). */
function loadedPgModules(): Record<string, unknown> {
  const require = createRequire(import.meta.url);
  const pgMain = require.resolve('pg');
  return { pg: require('pg'), 'pg-pool': createRequire(pgMain)('pg-pool') };
}

type Api = typeof import('@opentelemetry/api');

/**
 * A span per statement of the embedded database, named and described as the pg instrumentation
 * names PostgreSQL's (its operation; db.system.name, db.query.text), with `db.driver: pglite`.
 * Only inside a span, as for pg. Statements of a transaction are spans of their own.
 */
function traceEmbeddedStatements(client: PGlite, tracer: Tracer, api: Api): void {
  const wrap = <A extends [string, ...unknown[]], R>(target: { query: unknown; exec: unknown }, method: 'query' | 'exec') => {
    const original = (target[method] as (...args: A) => Promise<R>).bind(target);
    target[method] = (...args: A) => {
      if (!api.trace.getSpan(api.context.active())) return original(...args);
      const text = args[0];
      return tracer.startActiveSpan(
        operationOf(text),
        { kind: api.SpanKind.CLIENT, attributes: { 'db.system.name': 'postgresql', 'db.system': 'postgresql', 'db.driver': 'pglite', 'db.query.text': text } },
        (span: Span) =>
          original(...args).then(
            (result) => {
              span.end();
              return result;
            },
            (error: unknown) => {
              span.setStatus({ code: api.SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
              if (error instanceof Error) span.recordException(error);
              span.end();
              throw error;
            },
          ),
      );
    };
  };
  wrap(client, 'query');
  wrap(client, 'exec');
  const transaction = client.transaction.bind(client);
  client.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      wrap(tx, 'query');
      wrap(tx, 'exec');
      return callback(tx);
    });
}

/** The statement's first keyword (SELECT, INSERT, WITH …), as a span name that groups alike statements. */
function operationOf(text: string): string {
  const word = /^\s*(?:--[^\n]*\n\s*|\/\*[\s\S]*?\*\/\s*)*([a-z]+)/i.exec(text)?.[1];
  return word ? word.toUpperCase() : 'postgresql';
}
