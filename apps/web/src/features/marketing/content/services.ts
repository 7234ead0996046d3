/**
 * Copy for /services.
 *
 * Section kinds:
 * - 'full-content': a top-level heading with its own paragraphs (starts a group).
 * - 'subsection':   an item that belongs to the nearest preceding 'full-content' section.
 * - 'default':      a standalone block; may carry an example "Situation" and numbered steps.
 */

export type ServiceSectionKind = 'full-content' | 'subsection' | 'default';

export interface ServiceSection {
  id: string;
  kind: ServiceSectionKind;
  title: string;
  body: string[];
  /** A short real-world example, shown under a "Situation" label. */
  situation?: string;
  steps?: string[];
  /** Promotional powers: whether it is in the product today or planned (docs/decisions/066-promotional-powers.md). */
  availability?: 'available' | 'planned';
}

export interface SuggestTip {
  title: 'Power Launch' | 'Video Link' | 'Target Audience' | 'Clear Goal' | 'Viral Sharing' | 'Simplified Process' | 'Consistent Updates' | 'Long-term Trust';
  body: string;
}

export const servicesIntro = {
  title: 'Services',
  lead:
    'Everything you need to turn an event into a fundraiser: four campaign formats, promotional ' +
    'powers that help you spread the word, options you can tune to your cause, and simple, ' +
    'published pricing.',
} as const;

export const services: ServiceSection[] = [
  // Campaigns
  {
    id: 'campaigns',
    kind: 'full-content',
    title: 'Campaigns',
    body: [
      'Every Pledgeway campaign has a host, a target amount, a beneficiary charity and a date. ' +
        'Pick the format that fits your event; you can try any of them first as a practice campaign, ' +
        'where nothing is saved or charged.',
      'Creating a campaign takes three phases: verify your identity once, create and customize ' +
        'your campaign, then fund it with your own pledge so our team can review and approve it, ' +
        'usually within 24 hours.',
    ],
  },
  {
    id: 'event-promotion',
    kind: 'subsection',
    title: 'Event Promotion',
    body: [
      'Challenge someone to do something remarkable, invite participants, and collect pledges ' +
        'from supporters. Pledges are charged only when the event is completed, and the money is ' +
        'passed on to the charity as a donation.',
    ],
    situation:
      'A high school principal agrees to sleep on the school roof if students and parents pledge ' +
      '$5,000 for the local food bank. Nobody is charged unless she actually spends the night up there.',
  },
  {
    id: 'money-bomb',
    kind: 'subsection',
    title: 'Money Bomb',
    body: [
      'A short, intense burst of fundraising for any purpose. Supporters pledge toward a goal ' +
        'and every donation is charged automatically at the deadline, so momentum builds fast.',
    ],
    situation:
      'A youth soccer league needs $2,000 for new goals before Saturday’s tournament and runs a ' + 'five-day Money Bomb that closes Friday at midnight.',
  },
  {
    id: 'runoff-competition',
    kind: 'subsection',
    title: 'Runoff Competition',
    body: [
      'Put two or more people, places or things head to head. Each option has its own donation ' +
        'button, the ranking updates live, and the option with the most donations wins.',
    ],
    situation:
      'Four firehouses compete for the title of best chili in town. Every dollar is a vote, and ' +
      'all of it goes to the burn-care unit at the county hospital.',
  },
  {
    id: 'crowdfunding',
    kind: 'subsection',
    title: 'Crowdfunding',
    body: [
      'A classic fundraiser with a goal and a deadline. Choose All or Nothing or All Donations, ' + 'share your story, and post updates as support comes in.',
    ],
  },

  // Promotional powers
  {
    id: 'promotional-powers',
    kind: 'full-content',
    title: 'Promotional Powers',
    body: [
      'Promotional powers are the tools that help a campaign travel further than the host’s own ' +
        'circle. Every one of them is included with every campaign at no extra cost.',
    ],
  },
  {
    id: 'accepted-status',
    kind: 'subsection',
    title: 'Accepted Status',
    availability: 'available',
    body: [
      'When an invited participant agrees to take part, the host marks them as Accepted. The badge ' +
        'appears on the campaign page, so supporters know the challenge is real and on.',
    ],
  },
  {
    id: 'event-stacking',
    kind: 'subsection',
    title: 'Event Stacking',
    availability: 'available',
    body: [
      'Stack two to five of your published campaigns on one shareable page: the campaigns side by side, ' +
        'with their combined raised total and number of supporters. Create, edit or delete stacks from ' +
        'My Events with “Stack campaigns”.',
      'Each campaign keeps its own Pledge button, charity and charging; a stack only adds up what the ' + 'campaign pages already show.',
    ],
  },
  {
    id: 'bidding-power',
    kind: 'subsection',
    title: 'Bidding Power',
    availability: 'available',
    body: [
      'Raise your pledge in place with “Raise my pledge” on My Pledges or on the campaign page, while ' +
        'the campaign takes pledges. The new fees are shown before you confirm; a pledge can go up, never ' +
        'down, and your card is still charged only when the campaign is.',
      'Runoffs won by Donor Total take one fixed amount from every supporter, so their pledges cannot be raised.',
    ],
  },
  {
    id: 'third-party-promotion',
    kind: 'subsection',
    title: 'Third-Party Promotion',
    availability: 'available',
    body: [
      'Promote a campaign you do not host: ask its host from the campaign page. Once the host accepts, ' +
        'you get your own link, and pledges made through it are credited to you on the campaign page and ' +
        'on your public page, with their number and total.',
      'The host can end a promotion at any time; the credit already earned stays. The money goes exactly ' + 'where it would without the link.',
    ],
  },
  {
    id: 'platform-building',
    kind: 'subsection',
    title: 'Platform Building',
    availability: 'available',
    body: [
      'Every host has a public page listing all their published campaigns, with the total raised and ' +
        'the number of supporters, and the campaigns they promote for other hosts; every campaign page ' +
        'links to it. Supporters find your next event there.',
    ],
  },
  {
    id: 'donation-limit',
    kind: 'subsection',
    title: 'Donation Limit',
    availability: 'available',
    body: [
      'Set a cap on any single pledge so that many people, not one big donor, decide the outcome. ' + 'This is especially useful for runoff competitions.',
    ],
  },
  {
    id: 'campaign-updates',
    kind: 'subsection',
    title: 'Campaign Updates',
    availability: 'available',
    body: [
      'Post a message with a photo or a file (PDF or Word) once your campaign is live. Updates appear ' +
        'on the campaign page, newest first, and are e-mailed to supporters who asked for updates when ' +
        'they pledged. Supporters can comment, and you can hide a comment.',
    ],
  },

  // Customizable features
  {
    id: 'customizable-features',
    kind: 'default',
    title: 'Customizable Features',
    body: [
      'All or Nothing: supporters are charged only if the pledged total reaches your target. If ' +
        'the target is missed, every pledge is released and nobody pays anything.',
      'All Donations: every pledge is charged when the event is completed, whatever the total. ' + 'Choose this when any amount makes a difference.',
      'Donation limit: optionally cap the size of one pledge, from $1 up to $50,000.',
      'Scheduling: start right after approval or pick a start date. A campaign can run for up to ' +
        '30 days; runoff competitions with a scheduled date must start at least 7 days ahead so ' +
        'competitors have time to rally support.',
      'Updates: keep supporters informed with messages, images and files from your campaign page.',
    ],
  },

  // Runoff
  {
    id: 'runoff-options',
    kind: 'default',
    title: 'Runoff Competition Options',
    body: [
      'Donor Total: every supporter gives the same fixed amount, and the option with the most ' + 'supporters wins. One person, one vote.',
      'Donation Total: supporters give any amount, and the option with the highest sum wins.',
      'Selective charging: decide whether all pledges are charged at the end, or only the pledges ' +
        'made to the placements you choose, for example only the winner or the top three.',
      'Live ranking: the leaderboard updates in real time with the leader on top, so every new ' + 'pledge can change the race.',
    ],
    situation:
      'A neighborhood association asks residents which park should get new playground equipment. ' +
      'Each park is an option with a $10 Donor Total button, and only pledges for the winning park ' +
      'are charged.',
    steps: [
      'Add two to eight options, each with a name, photo and short description.',
      'Choose Donor Total or Donation Total, and which placements will be charged.',
      'Set a start date at least 7 days ahead and a duration of up to 30 days.',
      'Share the page and watch the live ranking as pledges arrive.',
      'Mark the event completed; our team charges the chosen placements and sends the money to the charity.',
    ],
  },

  // Pricing
  {
    id: 'pricing',
    kind: 'default',
    title: 'Pricing',
    body: [
      'Starting a campaign is free. Fees are only taken from pledges that are actually charged.',
      'Platform fee: 5% on the creator’s own pledge and 3% on every other pledge.',
      'Card processing: the card processor’s fee of 2.9% + $0.30 per charge is passed through at cost.',
      'Example: a supporter pledges $50.00. The platform fee is $1.50, the card fee is $1.75 ' +
        '(2.9% of $50.00 plus $0.30), and the charity receives $46.75. Donors can choose to cover ' +
        'the fees so that the charity receives the full pledge.',
      'Tips: when you pledge we ask whether you would like to leave a tip for Pledgeway. It is ' +
        'optional, preset to 20% and adjustable from 0% to 100%; choosing No sets it to 0%. Tips go ' +
        'to Pledgeway and keep the platform running. They never go to, or come out of, the charity’s share.',
      'Closing a campaign: if a creator closes an approved campaign, their own pledge is refunded ' +
        'less the card fee of the original charge, any refund fee charged by the processor, and 5%. ' +
        'Other supporters’ pledges are cancelled and never charged.',
    ],
  },

  // Payment methods
  {
    id: 'payment-methods',
    kind: 'default',
    title: 'Payment Methods',
    body: [
      'Credit and debit cards: all major card networks are accepted.',
      'Digital wallets: Apple Pay and Google Pay, offered by our payment provider on devices and browsers that support them, and Link.',
      'Cash app: Cash App Pay, where our payment provider offers it in your country.',
      'Saved for later: whichever method you choose is saved when you pledge and charged only when the event is completed; ' +
        'My Payment Methods lists each by its kind.',
      'Card payment provider: every payment is handled by our PCI-compliant card payment provider. ' +
        'Pledgeway never stores your full card number or security code; we keep only the brand, ' +
        'last four digits, expiry date and cardholder name so you can recognize your saved cards.',
    ],
  },
];

export const weSuggest: SuggestTip[] = [
  {
    title: 'Power Launch',
    body:
      'Line up your first ten supporters before you go live. A campaign that opens with pledges ' +
      'already on the board looks like a sure thing, and people like to back a sure thing.',
  },
  {
    title: 'Video Link',
    body: 'Add a short video of you or your participants explaining the challenge. Thirty honest ' + 'seconds on a phone beats a polished paragraph.',
  },
  {
    title: 'Target Audience',
    body:
      'Decide who cares most about your cause and speak to them directly: teammates, parents, ' +
      'coworkers, neighbors. Then ask each of them to bring one more person.',
  },
  {
    title: 'Clear Goal',
    body:
      'Set a specific, reachable target and say what it pays for. “$1,200 buys a month of meals ' +
      'for 40 families” is easier to support than “help us raise money”.',
  },
  {
    title: 'Viral Sharing',
    body: 'Use the share buttons on your campaign page and post at the moments that matter: launch ' + 'day, halfway, the last 48 hours and the event itself.',
  },
  {
    title: 'Simplified Process',
    body: 'Keep your description short and your ask simple. Tell people exactly what to do: pick an ' + 'amount, press Pledge, share the link.',
  },
  {
    title: 'Consistent Updates',
    body:
      'Post an update at least once a week with a photo, a milestone or a thank-you. Every update ' +
      'reaches the inboxes of supporters who asked for updates and reminds them to share.',
  },
  {
    title: 'Long-term Trust',
    body: 'After the event, tell supporters what their money achieved. The people who see results are ' + 'the first to pledge again next time.',
  },
];
