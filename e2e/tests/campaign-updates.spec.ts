import { createPng, demo, expect, readMailbox, signIn, test } from '../fixtures';
import { campaignBenSupports, expectUpdateImage, updateWith } from './campaign-helpers';

test('a creator posts an update with an image; a supporter comments; the creator hides the comment', async ({ browser, request }) => {
  // Two signed-in browsers and an image upload: more steps than the default budget is sized for.
  test.slow();
  const { _id: eventId } = await campaignBenSupports(request);
  const message = `The route is set ${Date.now()}: water stations at 2 km and 4 km.`;

  const creator = await (await browser.newContext()).newPage();
  await signIn(creator, demo.ava.email, demo.ava.password);
  await creator.goto(`/user/event/${eventId}`);
  const form = creator.getByRole('form', { name: 'Post an update' });
  await form.getByRole('button', { name: 'Post update' }).click();
  await expect(form.getByText('Please write a message for your update')).toBeVisible();
  await form.getByLabel('Message').fill(message);
  await form.getByLabel('Image or document (optional)').setInputFiles({ ...createPng(160, 90), name: 'route.png' });
  await form.getByRole('button', { name: 'Post update' }).click();
  await expect(form.getByText(/^Update posted/)).toBeVisible();
  // Ben pledged without asking for updates, so no update e-mail reaches him.
  const mails = await readMailbox(request, demo.ben.email);
  expect(mails.filter((mail) => mail.kind === 'campaign-update')).toEqual([]);

  const supporter = await (await browser.newContext()).newPage();
  await signIn(supporter, demo.ben.email, demo.ben.password);
  await supporter.goto(`/events/${eventId}`);
  const update = updateWith(supporter, message);
  await expectUpdateImage(update);
  await update.getByRole('button', { name: 'Write a comment' }).click();
  await update.getByLabel('Your comment').fill('Is there parking near the start?');
  await update.getByRole('button', { name: 'Post comment' }).click();
  await expect(update.getByText('Is there parking near the start?')).toBeVisible();

  await creator.goto(`/events/${eventId}`);
  const creatorView = updateWith(creator, message);
  await creatorView.getByRole('button', { name: `Hide the comment by ${demo.ben.name}` }).click();
  await expect(creatorView.getByText('Hidden from others')).toBeVisible();

  await supporter.reload();
  const after = updateWith(supporter, message);
  await expect(after.getByText(message)).toBeVisible();
  await expect(after.getByText('Is there parking near the start?')).toHaveCount(0);
});
