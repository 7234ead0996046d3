// HAProxy from Debian's package in front of the bench's instances: each request to the instance with
// the fewest in flight (decision 270: round robin waits on an instance its quota has stopped), no
// buffering of the live streams (server-sent events), long idle times for open pages. The answering
// instance is named in `x-served-by`; a request an instance refused to connect (it died) goes to
// another, and an instance whose connections fail is taken out at once, not at its next check.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './processes.ts';

export interface Balancer {
  url: string;
  pid: number | undefined;
  /** How many times HAProxy has taken an instance out (`is DOWN`) since it started. */
  downs(): number;
  stop(): Promise<void>;
}

/** Starts HAProxy in front of `upstreams`; undefined when it is not installed. */
export async function startHaproxy(upstreams: string[]): Promise<Balancer | undefined> {
  if (spawnSync('haproxy', ['-v']).status !== 0) return undefined;
  const port = await freePort();
  const folder = mkdtempSync(path.join(tmpdir(), 'pledgeway-haproxy-'));
  const config = path.join(folder, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      // Each connection takes two descriptors (client and server side): within a 20,000 open-file limit.
      '  maxconn 9000',
      'defaults',
      '  mode http',
      '  timeout connect 5s',
      '  timeout client 120s',
      '  timeout server 120s',
      // An open page's stream is quiet for up to 15 s between heartbeats.
      '  timeout http-keep-alive 120s',
      '  option forwardfor',
      '  retries 2',
      '  option redispatch 1',
      'frontend pledgeway',
      `  bind 127.0.0.1:${port}`,
      '  default_backend instances',
      'backend instances',
      '  balance leastconn',
      '  http-response set-header x-served-by %s',
      // Readiness, not liveness: an instance past its capacity answers 503 there and gets no new requests meanwhile.
      '  option httpchk GET /api/ready',
      ...upstreams.map(
        (upstream, index) => `  server instance${index + 1} ${new URL(upstream).host} check inter 2s observe layer4 error-limit 1 on-error mark-down`,
      ),
      '',
    ].join('\n'),
  );
  const child = spawn('haproxy', ['-db', '-f', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  let downs = 0;
  child.stderr.on('data', (chunk: Buffer) => {
    const text = chunk.toString();
    downs += text.match(/ is DOWN/g)?.length ?? 0;
    errors = (errors + text).slice(-2000);
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`HAProxy exited (${child.exitCode}): ${errors}`);
    if (Date.now() > deadline) throw new Error(`HAProxy not ready in 20 s: ${errors}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid,
    downs: () => downs,
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(folder, { recursive: true, force: true });
          resolve();
        };
        if (child.exitCode !== null) return done();
        child.once('exit', done);
        child.kill('SIGTERM');
      }),
  };
}
