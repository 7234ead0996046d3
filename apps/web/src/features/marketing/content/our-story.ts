/**
 * Copy for /our-story. Plain data: the page component decides layout.
 */

export interface StoryQuote {
  text: string;
  author: {
    name: string;
    role: string;
  };
}

export interface OurStory {
  title: string;
  mission: {
    heading: string;
    statement: string;
    pillars: { title: string; body: string }[];
  };
  story: {
    heading: string;
    paragraphs: string[];
  };
  quotes: StoryQuote[];
  community: {
    heading: string;
    paragraphs: string[];
    ctaLabel: string;
    ctaHref: string;
  };
}

export const ourStory: OurStory = {
  title: 'Our Story',
  mission: {
    heading: 'Our Mission',
    statement:
      'Pledgeway turns the things people already love to do (run, cook, debate, perform, compete) into ' +
      'money for the causes they care about. We make it simple to put a promise behind an event, ' +
      'and we make sure that promise only costs supporters something when the event really happens.',
    pillars: [
      {
        title: 'Promises you can trust',
        body:
          'A pledge on Pledgeway is charged only when the event is completed. If a campaign closes ' +
          'or misses an all-or-nothing target, supporters are not charged.',
      },
      {
        title: 'Money that reaches the cause',
        body:
          'Every campaign names its charity up front. Our fees are published, small and shown ' +
          'before anyone confirms a pledge, and tips to Pledgeway never come out of a donation.',
      },
      {
        title: 'Events people talk about',
        body: 'Runoffs, money bombs and challenge events give people a reason to share. A good event ' + 'raises money and awareness at the same time.',
      },
    ],
  },
  story: {
    heading: 'How Pledgeway Began',
    paragraphs: [
      'Pledgeway started at a folding table outside a neighborhood 10K. A group of friends had ' +
        'collected pledges on paper: a dollar a mile here, twenty dollars if you finish there. The ' +
        'race went well. Collecting the money did not. Half the sheets were lost, people had moved, ' +
        'and weeks later the food pantry they were running for had received less than a third of ' +
        'what had been promised.',
      'The problem was never generosity. People wanted to give; they just needed the promise and ' +
        'the payment to be the same thing. So we built a place where a supporter saves a card once, ' +
        'the pledge waits safely until the event is done, and the charity receives the money without ' +
        'anyone chasing envelopes.',
      'From there the ideas came from our hosts. A debate club wanted the audience to vote with ' +
        'donations, and the Runoff Competition was born. A youth league needed $2,000 before Friday, ' +
        'and the Money Bomb followed. Creators asked to invite guests, mark them as accepted, post ' +
        'updates and cap single pledges, and each of those became a promotional power.',
      'Today Pledgeway supports community fundraisers across the United States, from bake-offs and ' +
        'charity races to town-hall challenges. We are still a small team, and we still read every ' +
        'message sent to support@pledgeway.org.',
    ],
  },
  quotes: [
    {
      text:
        'We used to spend a month after our fun run collecting pledges. With Pledgeway the money ' +
        'reached the shelter the same week the race ended, and nobody had to send a reminder.',
      author: { name: 'Renata Okafor', role: 'Race director, Riverside Harvest 10K' },
    },
    {
      text:
        'The runoff format changed our chili cook-off. People kept coming back to push their ' +
        'favorite pot up the leaderboard, and we raised four times what we did the year before.',
      author: { name: 'Dale Whitcomb', role: 'Volunteer organizer, Elm Street Fire Company' },
    },
    {
      text:
        'As a charity we care about two things: knowing who is raising money in our name, and ' +
        'getting it on time. Pledgeway gives us both, with a clear statement of every fee.',
      author: { name: 'Priya Natarajan', role: 'Development manager, Harbor Light Veterans Fund' },
    },
    {
      text:
        'I pledged because my niece was swimming a mile for the first time. Knowing I would only be ' +
        'charged if she finished made it feel like cheering her on, not just writing a check.',
      author: { name: 'Marcus Bell', role: 'Supporter, Tucson, Arizona' },
    },
  ],
  community: {
    heading: 'A Community of Doers',
    paragraphs: [
      'Behind every campaign on Pledgeway is someone willing to do something: lace up, stay up ' +
        'late for a charity stream, shave a head, bake two hundred pies. Around them are ' +
        'the supporters who pledge, share and show up.',
      'We try to earn that trust every day. Campaigns are reviewed by a person before they go live, ' +
        'hosts verify their identity, and supporters can see exactly where their money is going ' +
        'and what it costs to get it there.',
      'Whether you are planning your first event or your fiftieth, you can try everything first ' +
        'with a practice campaign. Nothing is saved and nothing is charged until you are ready.',
    ],
    ctaLabel: 'Explore Our Services',
    ctaHref: '/services',
  },
};
