import type { Page } from '@playwright/test';
import { createPng, demo, demoCampaign, expect, test } from '../fixtures';
import { accessToken, createCampaignByApi, signIn } from './campaign-helpers';

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${path} is ${widths.scroll} px wide at ${widths.client} px`).toBeLessThanOrEqual(widths.client);
}

test.describe('campaign pages at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('every demo campaign fits without scrolling sideways', async ({ page }) => {
    const campaigns = (await (await page.request.get('/api/events/allActive?limit=48')).json()) as { _id: string }[];
    expect(campaigns.length).toBeGreaterThan(3);
    for (const campaign of campaigns) await expectNoSidewaysScroll(page, `/events/${campaign._id}`);
  });

  test('the raised total and Pledge Now come right after what the campaign is, before the people and supporters', async ({ page }) => {
    const campaign = await demoCampaign(page, 'event');
    await page.goto(`/events/${campaign._id}`);
    const pledge = await page.getByRole('button', { name: 'Pledge Now' }).boundingBox();
    const description = await page.getByRole('heading', { level: 1 }).boundingBox();
    const supporters = await page.getByRole('heading', { name: /^Supporters/ }).boundingBox();
    expect(pledge!.y).toBeGreaterThan(description!.y);
    expect(pledge!.y).toBeLessThan(supporters!.y);
    // Within the first two screens of a phone, not below the whole page.
    expect(pledge!.y).toBeLessThan(2 * 780);
  });

  test('a campaign of very long unbroken words and addresses fits too, on its public page and its summary', async ({ page, request }) => {
    test.slow(); // Two pages checked at several widths.
    const token = await accessToken(request, demo.ava.email, demo.ava.password);
    const long = (seed: string, times: number) => seed.repeat(times);
    const event = await createCampaignByApi(request, token, {
      eventName: `Pneumonoultramicroscopicsilicovolcanoconiosis${long('X', 40)}`,
      description: `Start ${long('Supercalifragilisticexpialidocious', 8)} end https://example.com/${long('very-long-path-segment', 6)}`,
      categories: `${long('Environmentalism', 4).slice(0, 40)},Community`,
      eventLocation: `${long('Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch', 2)}Street1234567890`,
      hostData: {
        fullName: 'Host',
        email: 'host@example.com',
        occupation: long('Occupational', 6),
        companyName: long('Incorporated', 6),
        aboutYou: long('About', 30),
      },
      guestData: [
        {
          about: 'Guest',
          fullName: `Wolfeschlegelsteinhausenbergerdorff${long('ff', 10)}`,
          email: `${long('participant', 5)}@${long('subdomain', 4)}.example.org`,
          occupation: 'Chef',
          companyName: '',
          aboutParticipant: long('Cooks', 40),
          profileImage: '',
        },
      ],
    });
    // Pending campaigns are visible to their owner.
    await signIn(page, demo.ava.email, demo.ava.password);
    await expectNoSidewaysScroll(page, `/events/${event.id}`);
    await expectNoSidewaysScroll(page, `/user/event/${event.id}`);
  });
});

/** Colours at 5% inside each edge (left, right, top, bottom) of two images, both drawn at the first one's size. */
async function edgeColours(page: Page, framed: Buffer, saved: Buffer, savedType: string) {
  return page.evaluate(
    async ({ framedUrl, savedUrl }) => {
      const load = (src: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const img = new Image();
          img.onload = () => resolve(img);
          img.onerror = reject;
          img.src = src;
        });
      const [a, b] = await Promise.all([load(framedUrl), load(savedUrl)]);
      const sample = (img: HTMLImageElement) => {
        const canvas = document.createElement('canvas');
        canvas.width = a.naturalWidth;
        canvas.height = a.naturalHeight;
        const context = canvas.getContext('2d')!;
        context.drawImage(img, 0, 0, canvas.width, canvas.height);
        const at = (x: number, y: number) =>
          Array.from(context.getImageData(Math.round(x * canvas.width), Math.round(y * canvas.height), 1, 1).data.slice(0, 3));
        return [at(0.05, 0.5), at(0.95, 0.5), at(0.5, 0.05), at(0.5, 0.95)];
      };
      return { framed: sample(a), saved: sample(b), savedSize: [b.naturalWidth, b.naturalHeight] };
    },
    { framedUrl: `data:image/png;base64,${framed.toString('base64')}`, savedUrl: `data:${savedType};base64,${saved.toString('base64')}` },
  );
}

test('the banner crop saves exactly what the dialog frames, at the picture’s own resolution', async ({ page, request, browser }) => {
  test.slow(); // An upload, a crop and both pictures compared pixel by pixel.
  const token = await accessToken(request, demo.ava.email, demo.ava.password);
  const event = await createCampaignByApi(request, token);
  await signIn(page, demo.ava.email, demo.ava.password);
  await page.goto(`/user/event/edit/${event.id}`);
  await page.getByLabel('Banner image').first().setInputFiles(createPng(1600, 900));
  const dialog = page.getByRole('dialog');
  const frame = dialog.getByTestId('cropper');
  await expect(frame).toBeVisible();
  // The picture has loaded and the cropper has measured its area (Crop is enabled only then); the
  // element screenshot itself waits until the dialog has stopped moving.
  await expect(dialog.locator('img')).toHaveJSProperty('complete', true);
  await expect(dialog.getByRole('button', { name: 'Crop', exact: true })).toBeEnabled();
  const framed = await frame.screenshot();
  await dialog.getByRole('button', { name: 'Crop', exact: true }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(page.getByText('Event updated successfully!')).toBeVisible();

  const managed = await (await request.get(`/api/events/${event.id}/manage`, { headers: { authorization: `Bearer ${token}` } })).json();
  const saved = await page.request.get(managed.banner_image_url);
  expect(saved.status()).toBe(200);
  // A blank page (no content-security policy) decodes both pictures.
  const blank = await browser.newPage();
  const colours = await edgeColours(blank, framed, await saved.body(), saved.headers()['content-type'] ?? 'image/jpeg');
  await blank.close();
  // 4:3, at the source's own pixels: the frame spans 450 of the 482 px the 900 px high picture fills at zoom 1.
  const [width, height] = colours.savedSize;
  expect(Math.abs(width! / height! - 4 / 3)).toBeLessThan(0.01);
  expect(height).toBeGreaterThanOrEqual(Math.floor((900 * 450) / 482));
  for (const [index, edge] of ['left', 'right', 'top', 'bottom'].entries()) {
    const difference = Math.max(...colours.framed[index]!.map((value, channel) => Math.abs(value - colours.saved[index]![channel]!)));
    expect(difference, `${edge} edge: framed ${colours.framed[index]} vs saved ${colours.saved[index]}`).toBeLessThanOrEqual(16);
  }
});
