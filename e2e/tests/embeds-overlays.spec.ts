import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { demo, demoCampaign, expect, registerUser, test } from '../fixtures';
import { accessToken } from './campaign-helpers';

/** Embeds and stream overlays, end to end (docs/decisions/111-embeds-and-overlays.md). */

const nextYear = String((new Date().getFullYear() + 2) % 100).padStart(2, '0');

/**
 * Another site on this machine whose page frames the campaign's embed. A real server, not an
 * intercepted page: Chromium lets only a page on a loopback address frame one (Private Network Access).
 */
async function startPartnerSite(embedUrl: string): Promise<{ server: Server; port: number }> {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html' });
    response.end(`<!doctype html><title>Partner site</title><h1>Partner site</h1><iframe src="${embedUrl}" width="360" height="340"></iframe>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as AddressInfo).port };
}

async function pledgeWithMessage(request: APIRequestContext, eventId: string, message: string) {
  const user = await registerUser(request);
  const headers = { authorization: `Bearer ${await accessToken(request, user.email, user.password)}` };
  const tokenized = await request.post('/api/sandbox/cards', {
    headers,
    data: { holder_name: user.name, number: '4242 4242 4242 4242', expiry: `10/${nextYear}`, cvv: '123' },
  });
  const card = await request.post('/api/payment-methods', { headers, data: { token: (await tokenized.json()).token } });
  const pledged = await request.post(`/api/events/${eventId}/pledges`, {
    headers,
    data: { amount: 12, tip_percent: 0, payment_method_id: (await card.json()).data.id, message },
  });
  expect(pledged.status(), await pledged.text()).toBe(201);
  return user;
}

test.describe('embeds and overlays', () => {
  test('the embed shows in a frame on a site the host allowed, and is refused on any other', async ({ page, request, baseURL }) => {
    const campaign = await demoCampaign(request, 'crowdfunding');
    const partner = await startPartnerSite(`${baseURL}/embed/events/${campaign._id}`);
    // One partner server, two sites: the host allows it under one name only.
    const allowed = `http://localhost:${partner.port}`;
    const notAllowed = `http://127.0.0.1:${partner.port}`;
    const token = await accessToken(request, demo.ava.email, demo.ava.password);
    const saved = await request.put(`/api/events/${campaign._id}/embed-origins`, {
      headers: { authorization: `Bearer ${token}` },
      data: { origins: [allowed, 'https://partner.example'] },
    });
    expect(saved.status(), await saved.text()).toBe(200);

    await page.goto(`${allowed}/`);
    const frame = page.frameLocator('iframe');
    await expect(frame.getByRole('heading', { name: campaign.name })).toBeVisible();
    const pledge = frame.getByRole('link', { name: 'Pledge' });
    await expect(pledge).toHaveAttribute('target', '_blank');
    await expect(pledge).toHaveAttribute('href', `${baseURL}/events/${campaign._id}`);

    const refused = await page.context().newPage();
    await refused.goto(`${notAllowed}/`);
    // Chromium replaces a frame its ancestors may not hold with its own error page.
    await expect.poll(() => refused.frames()[1]?.url()).toMatch(/^chrome-error:/);
    await expect(refused.frameLocator('iframe').getByRole('heading', { name: campaign.name })).toHaveCount(0);
    await new Promise((resolve) => partner.server.close(resolve));
  });

  test('the overlay shows each new pledge with its message as it arrives', async ({ page, request }) => {
    const campaign = await demoCampaign(request, 'money_bomb');
    await page.goto(`/overlay/events/${campaign._id}`);
    await expect(page.getByText(campaign.name)).toBeVisible();
    // Its page has no background of its own: streaming software draws it over the video.
    await expect.poll(() => page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgba(0, 0, 0, 0)');
    const message = `Go team ${randomUUID().slice(0, 8)}!`;
    const supporter = await pledgeWithMessage(request, campaign._id, message);
    const latest = page.getByRole('list', { name: 'Latest supporters' });
    await expect(latest.getByRole('listitem').first()).toContainText(`${supporter.name} · $12.00`);
    await expect(latest.getByRole('listitem').first()).toContainText(message);
  });
});
