import { createPng, demo, expect, registerUser, test } from '../fixtures';
import { isoDaysFromNow, signIn } from './campaign-helpers';

/** A campaign of Ava's made through the API (the wizard has its own test). */
async function createCampaign(request: import('@playwright/test').APIRequestContext) {
  const login = await request.post('/api/site/login', { data: { email: demo.ava.email, password: demo.ava.password } });
  const token = (await login.json()).user.accessToken as string;
  const charities = await (await request.get('/api/charities')).json();
  const guest = (fullName: string) => ({
    about: 'Guest',
    fullName,
    email: `${fullName.split(' ')[0]!.toLowerCase()}@example.com`,
    occupation: 'Chef',
    companyName: '',
    aboutParticipant: 'Cooks.',
    profileImage: '',
  });
  const response = await request.post('/api/events/create', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      eventName: `Soup Night ${Date.now()}`,
      description: 'Warm soup for neighbours.',
      categories: 'Food,Community',
      targetAmount: 800,
      bannerImage: createPng(200, 150).buffer.toString('base64'),
      aboutEventHost: 'Organizer',
      hostData: { fullName: demo.ava.name, email: demo.ava.email, occupation: 'Organizer', companyName: 'Riverside Runners', aboutYou: '' },
      locationType: 'physical',
      eventDate: isoDaysFromNow(12),
      eventTime: '18:00',
      eventLocation: 'Community hall',
      onlineEventLink: '',
      guestData: [guest('Nina Park'), guest('Omar Haddad')],
      paymentAmount: 100,
      charityId: charities[0].charities[0]._id,
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { event: (await response.json()).event as { id: string; name: string; participants: { _id: string; full_name: string }[] }, token };
}

test('the owner edits the campaign, changes a participant image and removes a participant', async ({ page, request }) => {
  test.slow(); // An edit with an image upload and a participant removal.
  const { event, token } = await createCampaign(request);
  await signIn(page, demo.ava.email, demo.ava.password);
  await page.goto(`/user/event/${event.id}`);
  // The summary's own code loads after the session check: over 5 s on CI's two busy workers, so 15 s for the first look.
  await expect(page.getByText('No documents uploaded')).toBeVisible({ timeout: 15_000 });
  await page.getByRole('link', { name: 'EDIT' }).click();
  await expect(page).toHaveURL(new RegExp(`/user/event/edit/${event.id}$`));

  await page.getByLabel('Event name').fill(`${event.name} (updated)`);
  await page.getByRole('button', { name: 'SAVE CHANGES' }).click();
  await expect(page.getByText('Successfully Updated')).toBeVisible();
  await expect(page.getByText('Event updated successfully!')).toBeVisible();

  await page.getByRole('button', { name: 'Open details of Nina Park' }).click();
  await page.getByLabel('Image of Nina Park').first().setInputFiles(createPng(120, 120));
  await page.getByRole('dialog').getByRole('button', { name: 'Crop', exact: true }).click();
  await expect(page.getByText('Profile image updated successfully')).toBeVisible();

  await page.getByRole('button', { name: 'Open details of Omar Haddad' }).click();
  await page.getByRole('button', { name: 'Remove participant' }).last().click();
  await expect(page.getByText('Are you sure you want to remove this participant?')).toBeVisible();
  await page.getByRole('button', { name: 'Remove', exact: true }).click();
  await expect(page.getByText('Participant removed successfully')).toBeVisible();

  // The last participant stays: a campaign needs at least one, as creation does.
  const remaining = page.getByRole('button', { name: 'Remove participant' });
  await expect(remaining).toHaveCount(1);
  await expect(remaining).toBeDisabled();
  await expect(page.getByText('A campaign needs at least one participant. Add another participant before removing this one.')).toBeVisible();

  const shown = await (await request.get(`/api/events/show/${event.id}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect(shown.name).toBe(`${event.name} (updated)`);
  expect(shown.participants.map((p: { full_name: string }) => p.full_name)).toEqual(['Nina Park']);
  expect(shown.participants[0].profile_image).toMatch(/^\/uploads\/participants\//);
});

test('another user gets 403 on every edit endpoint of the campaign', async ({ request }) => {
  const { event } = await createCampaign(request);
  const other = await registerUser(request);
  const token = (await (await request.post('/api/site/login', { data: { email: other.email, password: other.password } })).json()).user.accessToken as string;
  const headers = { authorization: `Bearer ${token}` };
  const participantId = event.participants[0]!._id;
  const statuses = [
    (await request.put(`/api/events/${event.id}`, { headers, multipart: { name: 'Taken over' } })).status(),
    (await request.get(`/api/events/${event.id}/manage`, { headers })).status(),
    (
      await request.put(`/api/challengees/${participantId}/image`, {
        headers,
        multipart: { profile_image: { name: 'p.png', mimeType: 'image/png', buffer: createPng().buffer } },
      })
    ).status(),
    (await request.delete(`/api/participants/${participantId}`, { headers })).status(),
    (await request.patch(`/api/participants/${participantId}`, { headers, data: { accepted: true } })).status(),
    (await request.post('/api/events/payment', { headers, data: { event_id: event.id, amount: 100, test_mode: true } })).status(),
  ];
  expect(statuses).toEqual([403, 403, 403, 403, 403, 403]);
});
