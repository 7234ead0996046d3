// Time from asking for a signed-in page to its heading on screen, in the machine's Chromium, as the
// demo user Ava: each page RUNS times (default 9), the median with the fastest and slowest. Against
// a running server with the demo content, for example one started as README's "Run it" shows:
//   node --import tsx scripts/bench/signed-in-pages.ts http://127.0.0.1:3000 [runs]
// The clock starts when the page's request is sent and stops when its h1 is visible; the browser
// keeps its cache between runs, as a returning user's does.
import { loadavg } from 'node:os';
import { chromium } from 'playwright-core';

const base = process.argv[2] ?? 'http://127.0.0.1:3000';
const RUNS = Number(process.argv[3] ?? 9);
const DEMO = { email: 'ava@pledgeway.org', password: 'Ava-demo-2026' };

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
try {
  const page = await browser.newPage();
  const login = await page.request.post(`${base}/api/site/login`, { data: DEMO });
  if (!login.ok()) throw new Error(`log-in as ${DEMO.email}: HTTP ${login.status()}`);
  const { user } = (await login.json()) as { user: { _id: string; accessToken: string } };
  await page.goto(`${base}/robots.txt`);
  await page.evaluate((token) => localStorage.setItem('access-token', token), user.accessToken);
  const mine = (await (
    await page.request.get(`${base}/api/events?userId=${user._id}`, { headers: { authorization: `Bearer ${user.accessToken}` } })
  ).json()) as { _id: string }[] | { data: { _id: string }[] };
  const campaign = (Array.isArray(mine) ? mine : mine.data)[0]!._id;

  console.log(`Signed-in pages, ${RUNS} loads each, load average ${loadavg()[0]!.toFixed(1)} at the start:`);
  for (const [label, path] of [
    ['/user/dashboard', '/user/dashboard'],
    ['/user/pledges', '/user/pledges'],
    ['/user/event/edit/{id}', `/user/event/edit/${campaign}`],
  ] as const) {
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      await page.goto(base + path, { waitUntil: 'commit' });
      await page.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    const ms = (value: number) => `${Math.round(value)} ms`;
    console.log(`  ${label.padEnd(24)} median ${ms(times[Math.floor(RUNS / 2)]!)}  (fastest ${ms(times[0]!)}, slowest ${ms(times.at(-1)!)})`);
  }
} finally {
  await browser.close();
}
