import type { EmailMessage } from '../../providers/email/index.ts';

/** The e-mails of Third-Party Promotion: the request to the host, the answer to the promoter. */
export const promotionEmails = {
  requested(to: string, input: { promoterName: string; campaignName: string; note: string; summaryUrl: string }): EmailMessage {
    const lines = [
      `${input.promoterName} asks to promote your campaign "${input.campaignName}".`,
      ...(input.note ? ['', `Their note: ${input.note}`] : []),
      '',
      'If you accept, they get their own link to your campaign page, and pledges made through it are credited to them on the page. ' +
        'The money goes exactly where it would without the link.',
      '',
      `Accept or decline on your event summary: ${input.summaryUrl}`,
    ];
    return { to, subject: `${input.promoterName} asks to promote "${input.campaignName}"`, text: lines.join('\n'), kind: 'promotion-requested' };
  },

  accepted(to: string, input: { campaignName: string; link: string }): EmailMessage {
    const text = [
      `The host of "${input.campaignName}" accepted your request to promote it.`,
      '',
      `Your link: ${input.link}`,
      '',
      'Pledges made through this link are credited to you on the campaign page and on your host page.',
    ].join('\n');
    return { to, subject: `You can now promote "${input.campaignName}"`, text, kind: 'promotion-accepted' };
  },

  declined(to: string, input: { campaignName: string }): EmailMessage {
    return {
      to,
      subject: `Your request to promote "${input.campaignName}"`,
      text: `The host of "${input.campaignName}" declined your request to promote it.`,
      kind: 'promotion-declined',
    };
  },

  ended(to: string, input: { campaignName: string }): EmailMessage {
    const text = `The host of "${input.campaignName}" ended your promotion. Your link no longer credits new pledges; the pledges already made through it stay credited to you.`;
    return { to, subject: `Your promotion of "${input.campaignName}" ended`, text, kind: 'promotion-ended' };
  },
};
