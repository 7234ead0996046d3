/**
 * Help & Support FAQ (/support), grouped by topic.
 * Fee examples are exact to the cent: platform fee in basis points, card fee 2.9% + $0.30,
 * each rounded half up once per pledge.
 */

export interface FaqItem {
  q: string;
  a: string;
}

export interface FaqTopic {
  topic: string;
  items: FaqItem[];
}

export const faqIntro = {
  title: 'Help & Support',
  lead:
    'Answers to the questions we hear most. Can’t find what you need? Write to ' +
    'support@pledgeway.org and a real person will get back to you, usually within two business days.',
} as const;

export const faq: FaqTopic[] = [
  {
    topic: 'Pledges',
    items: [
      {
        q: 'How does a pledge work?',
        a:
          'A pledge is a promise to donate if the event happens. You choose an amount and save a card ' +
          'with our card payment provider. Nothing is charged at that point: your pledge waits until ' +
          'the campaign is completed, and then it is charged and passed on to the charity named on the campaign.',
      },
      {
        q: 'When will my card be charged?',
        a:
          'Only when the event is completed. The host marks the campaign as completed, our team confirms ' +
          'it, and then every pledge is charged. Money Bomb pledges are charged automatically at the ' +
          'deadline. If the campaign is closed, or an All or Nothing campaign misses its target, you are ' +
          'not charged at all.',
      },
      {
        q: 'How much can I pledge?',
        a:
          'Any amount from $1 to $50,000, unless the host has set a lower donation limit for the ' +
          'campaign, in which case the limit is shown next to the Pledge button.',
      },
      {
        q: 'Can I pledge after a campaign reaches its target or its date?',
        a: 'Yes. Once a campaign is approved it keeps accepting pledges, even past its target or its ' + 'date, until the host completes or closes it.',
      },
    ],
  },
  {
    topic: 'Fees and Tips',
    items: [
      {
        q: 'What fees does Pledgeway charge?',
        a:
          'A platform fee of 3% on every supporter’s pledge and 5% on the campaign creator’s own pledge. ' +
          'The card processor’s fee of 2.9% + $0.30 per charge is also deducted. Fees are only taken ' +
          'from pledges that are actually charged.',
      },
      {
        q: 'Can you show me an example?',
        a:
          'A supporter pledges $50.00. The platform fee is 3% = $1.50. The card fee is 2.9% of $50.00 ' +
          '($1.45) plus $0.30 = $1.75. The charity receives $50.00 − $1.50 − $1.75 = $46.75.',
      },
      {
        q: 'And for the creator’s own pledge?',
        a:
          'A creator funds a campaign with $100.00. The platform fee is 5% = $5.00. The card fee is ' +
          '2.9% of $100.00 ($2.90) plus $0.30 = $3.20. The charity receives $91.80.',
      },
      {
        q: 'Can I cover the fees so the charity gets my whole pledge?',
        a: 'Yes. Tick “cover the fees” when you pledge. The fees are added to your charge, and the ' + 'exact total is shown before you confirm.',
      },
      {
        q: 'What is the tip, and who gets it?',
        a:
          'When you pledge we ask whether you would like to tip Pledgeway. It is optional: preset to ' +
          '20% of your pledge, adjustable from 0% to 100%, and choosing No sets it to 0%. On a $50.00 ' +
          'pledge the preset tip is $10.00. The tip is charged with your pledge and goes to Pledgeway ' +
          'to keep the platform running; it never goes to, or comes out of, the charity’s share.',
      },
    ],
  },
  {
    topic: 'Refunds and Withdrawals',
    items: [
      {
        q: 'Can I withdraw or delete my pledge?',
        a:
          'A creator can delete a campaign, and with it their own pledge, only until our team accepts ' +
          'the campaign. Once a campaign has been accepted, pledges cannot be withdrawn or deleted.',
      },
      {
        q: 'Can I get a refund after my card is charged?',
        a:
          'No. A pledge that has been charged has already been passed on toward the charity and cannot ' +
          'be refunded. That is why we charge only when the event is completed.',
      },
      {
        q: 'What happens if the host closes the campaign?',
        a:
          'Closing ends the campaign. Supporters’ pledges are cancelled and never charged. The ' +
          'creator’s own pledge is refunded less the card fee of the original charge, any refund fee ' +
          'charged by the processor, and 5%. For example, on a $200.00 creator pledge with no refund ' +
          'fee: $200.00 − $6.10 card fee − $10.00 = $183.90 refunded.',
      },
    ],
  },
  {
    topic: 'Campaigns',
    items: [
      {
        q: 'What kinds of campaign can I run?',
        a:
          'Event Promotion (pledges for a challenge with invited participants, charged when the event ' +
          'is completed), Money Bomb (a short push charged automatically at the deadline), Runoff ' +
          'Competition (two or more options, each with its own donation button, where the option with ' +
          'the most donations wins) and Crowdfunding (a goal and a deadline).',
      },
      {
        q: 'What is the difference between All or Nothing and All Donations?',
        a:
          'With All or Nothing, pledges are charged only if the total reaches the target; otherwise ' +
          'everyone is released and nobody pays. With All Donations, every pledge is charged when the ' +
          'event is completed, whatever the total.',
      },
      {
        q: 'How does a runoff decide the winner?',
        a:
          'The host chooses Donor Total (everyone gives the same fixed amount and the option with the ' +
          'most supporters wins) or Donation Total (any amount, highest sum wins). The ranking updates ' +
          'live, and the host can choose to charge only certain placements, such as the winner.',
      },
      {
        q: 'How long does review take?',
        a: 'Usually up to 24 hours. If something needs changing we e-mail you what to edit, and you can ' + 'resubmit straight away.',
      },
      {
        q: 'What are the campaign limits?',
        a: 'Targets from $100 to $50,000, a duration of at most 30 days, and runoff competitions with a ' + 'scheduled date must start at least 7 days ahead.',
      },
      {
        q: 'Can I try it before I commit?',
        a: 'Yes. A practice campaign walks you through every step and shows a preview of your page. ' + 'Nothing is saved and nothing is charged.',
      },
    ],
  },
  {
    topic: 'Cards and Payments',
    items: [
      {
        q: 'What happens if my payment fails when the pledge is charged?',
        a:
          'We e-mail you every 48 hours for 7 days with a secure link to choose a card or another payment method for the pledge ' +
          '(approving the payment with your bank or cash app on this site is not available yet). We retry as soon as you choose one, and once more at the end. If ' +
          'the payment still fails after 7 days, the pledge is dropped and no longer counts toward the total.',
      },
      {
        q: 'Does Pledgeway store my card number?',
        a:
          'No. Your card is held by our card payment provider. We never store card numbers or CVV codes; ' +
          'we keep only the brand, last four digits, expiry date and cardholder name so you can recognize the card.',
      },
      {
        q: 'Which payment methods do you accept?',
        a:
          'Credit and debit cards; Apple Pay and Google Pay on devices and browsers that support them; Link; and Cash App Pay ' +
          'where our payment provider offers it in your country. All go through our payment provider, and whichever you choose ' +
          'is saved when you pledge and charged only when the event is completed.',
      },
    ],
  },
  {
    topic: 'Your Account',
    items: [
      {
        q: 'Why do I need to verify my identity?',
        a:
          'Supporters need to know who is raising money. Before your first campaign we ask you to ' +
          'verify your identity once with our identity-verification provider, usually with a photo ID ' +
          'and a selfie. We receive the result, not copies of your documents.',
      },
      {
        q: 'Why must I complete my profile before creating a campaign?',
        a:
          'Your occupation and company name appear in the host section of your campaign page. Add them ' +
          'under Profile and the Add New Event button will take you straight to the campaign wizard.',
      },
      {
        q: 'How do I close my account?',
        a:
          'Use Close Account in your dashboard sidebar. With no campaign and no outstanding pledge, your ' +
          'account is deleted at once. Outstanding pledges stay active until their campaigns are ' +
          'finalized, and if you launched a campaign your account closes 3 months after it closes.',
      },
    ],
  },
  {
    topic: 'Contact',
    items: [
      {
        q: 'How do I reach you?',
        a:
          'E-mail support@pledgeway.org, or use the Contact Us page: choose Campaign Organizer for help ' +
          'with a campaign, or User Support for anything else. We reply within two business days.',
      },
      {
        q: 'I think a campaign is fraudulent. What should I do?',
        a:
          'Tell us at support@pledgeway.org with a link to the campaign. We can freeze it while we ' +
          'investigate, and no pledges are charged while it is frozen.',
      },
    ],
  },
];
