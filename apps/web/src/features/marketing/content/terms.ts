/**
 * Copy for /terms-of-use. Read-only legal text.
 */

export interface LegalSection {
  title: string;
  paragraphs: string[];
}

export interface TermsOfUse {
  title: string;
  lastUpdated: string;
  introduction: string[];
  sections: LegalSection[];
}

export const terms: TermsOfUse = {
  title: 'Terms of Use',
  lastUpdated: 'January 15, 2024',
  introduction: [
    'Welcome to Pledgeway. These Terms of Use are an agreement between you and Pledgeway ' +
      '(“Pledgeway”, “we”, “us”) and govern your use of our website, our campaign tools and our ' +
      'payment services. By creating an account, creating a campaign or making a pledge you agree ' +
      'to these terms. If you do not agree, please do not use Pledgeway.',
    'Pledgeway is a platform. We connect campaign creators (also called hosts or challengers), ' +
      'their participants and their supporters with charities. We are not a charity ourselves, we ' +
      'do not organize the events listed on the site, and we do not guarantee that any event will ' +
      'take place.',
  ],
  sections: [
    {
      title: '1. Eligibility',
      paragraphs: [
        'You must be at least 18 years old and able to enter a binding contract to create an ' +
          'account. Campaign creators must be residents of the United States with a valid payment ' +
          'card and a government-issued photo ID.',
        'You may not use Pledgeway if we have previously closed your account for a breach of these terms.',
      ],
    },
    {
      title: '2. Your Account',
      paragraphs: [
        'You agree to give accurate information, to keep it up to date, and to keep your password ' +
          'private. You are responsible for everything that happens under your account.',
        'Tell us at once at support@pledgeway.org if you believe someone else has used your account.',
      ],
    },
    {
      title: '3. Creating a Campaign',
      paragraphs: [
        'Campaigns are created in three phases. First, you verify your identity once through our ' +
          'identity-verification provider. Second, you create and customize your campaign: its ' +
          'name, description, target, participants, date, location and beneficiary charity. Third, ' +
          'you finalize the campaign by funding it with your own pledge and submitting it for review.',
        'Before creating a campaign your profile must include your occupation and company name. ' +
          'You may try every step first as a practice campaign; practice campaigns are never saved or charged.',
        'You are responsible for the accuracy of your campaign and for having the permission of ' + 'every participant you name.',
      ],
    },
    {
      title: '4. Review and Approval',
      paragraphs: [
        'Every campaign is reviewed by a Pledgeway administrator before it goes live. Review ' +
          'usually takes up to 24 hours and can take longer if we need further information.',
        'If your campaign is approved it goes live for its duration, or from its scheduled start ' +
          'date. If it is rejected we will e-mail you what needs to change, and you may edit and resubmit it.',
        'We may freeze a live campaign while we look into a concern. Pledging is disabled while a ' + 'campaign is frozen.',
      ],
    },
    {
      title: '5. Pledges',
      paragraphs: [
        'A pledge is a promise to donate. When you pledge, your card is saved with our card payment ' +
          'provider but not charged. Pledges are charged only when the event is completed: the ' +
          'creator marks the campaign as completed, and this authorizes our administrator to charge ' +
          'all pledges. Money Bomb pledges are charged automatically at the campaign deadline.',
        'After approval a campaign can receive pledges without limit, even past its target or its ' + 'date, until it is completed or closed.',
        'After fees, the money is passed on to the beneficiary charity named on the campaign.',
      ],
    },
    {
      title: '6. Fees',
      paragraphs: [
        'The creator’s own pledge carries a 5% platform fee. Every other pledge carries a 3% ' +
          'platform fee. In both cases the card processor’s fee (currently 2.9% + $0.30 per charge) ' +
          'is also deducted before the money is passed to the charity.',
        'Fees are taken only from pledges that are charged. Supporters may choose to cover the fees ' +
          'so that the charity receives the full amount of their pledge.',
      ],
    },
    {
      title: '7. Tips',
      paragraphs: [
        'When you pledge we may ask whether you would like to add an optional tip to Pledgeway. The ' +
          'tip is preset to 20% of your pledge, can be adjusted from 0% to 100%, and choosing No sets ' +
          'it to 0%.',
        'A tip is charged together with its pledge and goes to Pledgeway, never to the charity. Tips ' + 'are not tax-deductible charitable donations.',
      ],
    },
    {
      title: '8. Withdrawing a Pledge',
      paragraphs: [
        'A creator’s pledge may be withdrawn, together with the campaign, only until an administrator ' +
          'accepts the campaign. Once the administrator has accepted the campaign, a pledge cannot be ' +
          'withdrawn or deleted.',
      ],
    },
    {
      title: '9. Refunds and Closing a Campaign',
      paragraphs: [
        'A pledge that has been charged cannot be refunded.',
        'After approval a creator may close the event, which ends the campaign. The creator’s pledge ' +
          'is then refunded less the card fee of the original charge, any refund fee charged by the ' +
          'processor, and 5% of the pledge. All other pledges are cancelled and never charged.',
        'If a campaign is deleted before approval, the creator’s funding payment is refunded in full ' + 'less the card processor’s fee.',
      ],
    },
    {
      title: '10. All or Nothing and All Donations',
      paragraphs: [
        'Under All or Nothing, pledges are charged only if the pledged total reaches the target. If ' +
          'the target is missed, every pledge is released and no supporter is charged.',
        'Under All Donations, every pledge is charged when the event is completed, whatever the total.',
      ],
    },
    {
      title: '11. Failed Payments',
      paragraphs: [
        'If a card is declined or needs authentication when a pledge is charged, we will e-mail the ' +
          'supporter every 48 hours for 7 days with a secure link to update the card or complete ' +
          'authentication. We try the charge again as soon as the card is updated and once more at ' +
          'the end of that period.',
        'If the payment still fails after 7 days the pledge is dropped and no longer counts toward ' + 'the campaign total.',
      ],
    },
    {
      title: '12. Campaign Limits',
      paragraphs: [
        'A campaign target must be between $100 and $50,000. A single pledge must be between $1 and ' +
          '$50,000 and no more than the campaign’s donation limit, if one is set.',
        'A campaign may run for at most 30 days. A runoff competition with a scheduled date must ' + 'start at least 7 days after it is submitted.',
      ],
    },
    {
      title: '13. Closing Your Account',
      paragraphs: [
        'You may close your account at any time. If you have no launched campaign and no outstanding ' + 'pledge, your account is deleted straight away.',
        'Outstanding pledges stay active until their campaigns are finalized, and your account is ' +
          'deleted afterwards. If you have launched a campaign, your account closes 3 months after ' +
          'that campaign closes. Financial records are kept, without your personal details, as the law requires.',
      ],
    },
    {
      title: '14. Prohibited Use',
      paragraphs: [
        'You may not use Pledgeway to raise money for anything illegal, hateful, violent or ' +
          'misleading; to impersonate another person or organization; to name a participant who has ' +
          'not agreed to be named; to launder money or test stolen cards; or to interfere with the ' +
          'site, its security or other users.',
        'We may remove content, freeze or reject campaigns, and suspend or close accounts that break ' +
          'these rules. Where a campaign is fraudulent, we will cancel its uncharged pledges.',
      ],
    },
    {
      title: '15. Limitation of Liability',
      paragraphs: [
        'Pledgeway is provided “as is”. We work hard to keep it available and accurate, but we do not ' +
          'promise that it will be uninterrupted or free of errors, and we are not responsible for the ' +
          'conduct of creators, participants, supporters or charities, or for events that do not take place.',
        'To the extent the law allows, our total liability to you for any claim is limited to the ' +
          'fees you paid to Pledgeway in the 12 months before the claim.',
      ],
    },
    {
      title: '16. Changes to These Terms',
      paragraphs: [
        'We may update these terms from time to time. We will post the new version on this page with ' +
          'a new date and, for significant changes, let account holders know by e-mail. Continuing to ' +
          'use Pledgeway after a change means you accept the updated terms.',
      ],
    },
    {
      title: '17. Contact Us',
      paragraphs: [
        'Questions about these terms? Write to support@pledgeway.org or use the contact form on our ' +
          'Contact Us page. We answer every message, usually within two business days.',
      ],
    },
  ],
};
