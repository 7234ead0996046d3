import { addNewCard, createPng, demo, expect, readMailbox, registerUser, signIn, test } from '../fixtures';
import { campaignBenSupports, expectUpdateImage, updateWith } from './campaign-helpers';

test('a supporter who asks for updates in the pledge dialog receives the update the creator posts with an image', async ({ browser, page, request }) => {
  // Two signed-in browsers, a card, a pledge and an upload: more steps than the default budget is sized for.
  test.slow();
  // The look-up signs Ben in on the test's own request context, not on the supporter's page.
  const campaign = await campaignBenSupports(request);
  const supporter = await registerUser(page);
  await signIn(page, supporter.email, supporter.password);
  await page.goto(`/events/${campaign._id}`);
  await page.getByRole('button', { name: 'Pledge Now' }).click();
  const dialog = page.getByRole('dialog', { name: `Pledge to ${campaign.name}` });
  await dialog.getByLabel('Pledge amount (USD)').fill('20');
  await dialog.getByRole('checkbox', { name: "E-mail me this campaign's updates" }).check();
  await addNewCard(page, dialog, { holder: supporter.name, number: '4242424242424242' });
  await dialog.getByRole('button', { name: /Confirm pledge/ }).click();
  await expect(page.getByRole('dialog', { name: 'Pledge saved' })).toBeVisible();

  const message = `Finish line moved ${Date.now()}: the medal table is at the park gate.`;
  const creator = await (await browser.newContext()).newPage();
  await signIn(creator, demo.ava.email, demo.ava.password);
  await creator.goto(`/user/event/${campaign._id}`);
  const form = creator.getByRole('form', { name: 'Post an update' });
  await form.getByLabel('Message').fill(message);
  await form.getByLabel('Image or document (optional)').setInputFiles({ ...createPng(120, 80), name: 'finish.png' });
  // The picked file's line moves the button down as it appears: click once it is there, as a person
  // would (once, on a loaded machine, the click right after the pick posted nothing).
  await expect(form.getByRole('button', { name: 'Remove' })).toBeVisible();
  await form.getByRole('button', { name: 'Post update' }).click();
  // An upload, an image re-encoded and the update's e-mails written: once 5.1 s in CI with two workers on the embedded database.
  await expect(form.getByText(/^Update posted/)).toBeVisible({ timeout: 15_000 });

  // The update e-mail is written to the outbox when the update is posted; the dev mailbox reads it.
  await expect
    .poll(async () => (await readMailbox(request, supporter.email)).filter((mail) => mail.kind === 'campaign-update' && mail.text.includes(message)).length, {
      timeout: 15_000,
    })
    .toBe(1);
  const [mail] = (await readMailbox(request, supporter.email)).filter((item) => item.kind === 'campaign-update');
  expect(mail!.subject).toContain(campaign.name);
  expect(mail!.text).toContain(`/events/${campaign._id}`);
  expect(mail!.text).toMatch(/Attached: http\S+\/uploads\//);

  // The supporter opens the campaign and finds the update with its image.
  await page.goto(`/events/${campaign._id}`);
  await expectUpdateImage(updateWith(page, message));
});
