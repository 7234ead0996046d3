import type { EmailMessage } from '../../providers/email/index.ts';

/** The e-mails of fundraising pages, all to the page's owner. */
export const fundraisingPageEmails = {
  created(to: string, input: { title: string; campaignName: string; link: string }): EmailMessage {
    const text = [
      `Your fundraising page "${input.title}" for "${input.campaignName}" is live.`,
      '',
      `Share its link: ${input.link}`,
      '',
      "Pledges made through it count for the campaign and show on your page. Like every pledge, they are charged only when the event is completed, and go to the campaign's charity.",
    ].join('\n');
    return { to, subject: `Your fundraising page for "${input.campaignName}" is live`, text, kind: 'fundraising-page-created' };
  },

  hidden(to: string, input: { title: string; campaignName: string }): EmailMessage {
    const text = [
      `The host of "${input.campaignName}" hid your fundraising page "${input.title}".`,
      '',
      'It no longer shows on the campaign, and its link tells visitors it was hidden. Pledges already made through it stay with the campaign.',
    ].join('\n');
    return { to, subject: `Your fundraising page for "${input.campaignName}" was hidden`, text, kind: 'fundraising-page-hidden' };
  },

  pledged(to: string, input: { title: string; supporterName: string | null; amount: string; dashboardUrl: string }): EmailMessage {
    const who = input.supporterName ?? 'An anonymous supporter';
    const text = [
      `${who} pledged ${input.amount} through your fundraising page "${input.title}".`,
      '',
      'The pledge is charged only when the event is completed.',
      '',
      `See your supporters: ${input.dashboardUrl}`,
    ].join('\n');
    return { to, subject: `New pledge of ${input.amount} through "${input.title}"`, text, kind: 'fundraising-page-pledged' };
  },
};
