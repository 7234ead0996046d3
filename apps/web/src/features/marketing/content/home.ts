/**
 * Copy for the home page (/), in the order the sections appear.
 */

export interface HeroSlide {
  title: string;
  subtitle: string;
  image: string;
  imageAlt: string;
}

export interface ContentCard {
  title: string;
  body: string;
}

export interface TopicCard extends ContentCard {
  topic: 'Technology' | 'Culture' | 'Economics' | 'Politics';
  image: string;
  imageAlt: string;
}

export interface CallToAction {
  title: string;
  body: string;
  buttonLabel: 'Practice Campaign' | 'Create Campaign';
  /** Destination when logged in; logged out, the login prompt is shown instead. */
  href: string;
}

export interface HomeContent {
  heroSlides: HeroSlide[];
  charities: { eyebrow: string; title: string; body: string; buttonLabel: string; href: string };
  competitionOptions: { title: string; intro: string; cards: ContentCard[]; buttonLabel: string; href: string };
  customizableFeatures: { title: string; intro: string; cards: ContentCard[] };
  eventPromotion: { title: string; intro: string; steps: (ContentCard & { title: 'Campaign' | 'Pledges' | 'Event' | 'Charity' })[] };
  moneyBomb: { title: string; intro: string; circles: (ContentCard & { title: 'Campaign' | 'Donations' | 'Funding' })[] };
  exploreEvents: {
    title: string;
    intro: string;
    /** `steps…` are used when no explainer video is configured: the control then shows the four steps, and says so. */
    video: { thumbnail: string; thumbnailAlt: string; playLabel: string; caption: string; stepsAlt: string; stepsLabel: string; stepsCaption: string };
    topics: TopicCard[];
  };
  popularEvents: { title: string; intro: string; emptyText: string };
  howItWorks: { title: string; steps: ContentCard[] };
  promotionalPowers: { title: string; intro: string; items: ContentCard[] };
  runoffSteps: { title: string; intro: string; steps: ContentCard[] };
  callsToAction: CallToAction[];
  loginPrompt: { message: string; confirmLabel: string; confirmHref: string; cancelLabel: string };
}

export const home: HomeContent = {
  heroSlides: [
    {
      title: 'Turn Your Event Into a Force for Good',
      subtitle: 'Create a campaign, invite your community, and collect pledges that are charged only when the event happens.',
      image: '/images/hero-1.svg',
      imageAlt: 'Neighbors gathered under string lights at an outdoor community event',
    },
    {
      title: 'Every Mile Moves a Cause Forward',
      subtitle: 'Runners, bakers, gamers and debaters raise money for the charities they believe in. Your challenge could be next.',
      image: '/images/hero-2.svg',
      imageAlt: 'Runners crossing a finish line at a charity race',
    },
    {
      title: 'Promises Kept, Causes Funded',
      subtitle: 'Transparent fees, reviewed campaigns and payments you can trust, from the first pledge to the final donation.',
      image: '/images/hero-3.svg',
      imageAlt: 'A city skyline at dusk with lights coming on',
    },
  ],
  charities: {
    eyebrow: 'Charities',
    title: 'Causes Our Community Supports',
    body:
      'Every campaign on Pledgeway names the charity it supports. Meet some of the organizations ' +
      'feeding families, protecting children and standing by veterans across the United States.',
    // Label exactly as docs/product.md#home gives it.
    buttonLabel: 'Dicover More',
    href: '/charities',
  },
  competitionOptions: {
    title: 'Competition Options',
    intro: 'Four ways to raise money. Pick the format that fits your event, or try each one as a practice campaign.',
    cards: [
      { title: 'Event Promotion', body: 'Challenge participants to do something remarkable. Pledges are charged only when the event is completed.' },
      { title: 'Money Bomb', body: 'A short, intense push for any purpose. Every donation is charged automatically at the deadline.' },
      { title: 'Runoff Competition', body: 'People, places or things go head to head, each with its own donation button. Most donations wins.' },
      { title: 'Crowdfunding', body: 'A clear goal, a deadline and regular updates. Choose All or Nothing or All Donations.' },
    ],
    buttonLabel: 'Learn More',
    href: '/services',
  },
  customizableFeatures: {
    title: 'Customizable Features',
    intro: 'Shape your campaign around your cause.',
    cards: [
      { title: 'All or Nothing', body: 'Supporters are charged only if you reach your target. Miss it, and nobody pays.' },
      { title: 'All Donations', body: 'Every pledge counts. All pledges are charged when the event is completed.' },
      { title: 'Donation Limit', body: 'Cap the size of a single pledge so many voices, not one big donor, decide the outcome.' },
      { title: 'Scheduling', body: 'Start right after approval or on a date you choose, and run for up to 30 days.' },
      { title: 'Campaign Updates', body: 'Share a message, photo or file. Updates appear on your page and go to every supporter by e-mail.' },
      { title: 'Accepted Status', body: 'Show supporters that your invited participants have said yes to the challenge.' },
    ],
  },
  eventPromotion: {
    title: 'How Event Promotion Works',
    intro: 'From idea to donation in four steps.',
    steps: [
      { title: 'Campaign', body: 'Create your campaign, name your charity and invite your participants. Our team reviews it, usually within 24 hours.' },
      { title: 'Pledges', body: 'Supporters pledge and save a card. Nothing is charged yet.' },
      { title: 'Event', body: 'Your participants take on the challenge, and you mark the event as completed.' },
      { title: 'Charity', body: 'Pledges are charged and the money, after published fees, goes to the charity.' },
    ],
  },
  moneyBomb: {
    title: 'Money Bomb',
    intro: 'When a cause needs help fast.',
    circles: [
      { title: 'Campaign', body: 'Set a goal and a short deadline for any purpose.' },
      { title: 'Donations', body: 'Supporters pledge as the clock counts down.' },
      { title: 'Funding', body: 'Every donation is charged at the deadline and sent on its way.' },
    ],
  },
  exploreEvents: {
    title: 'Explore Events',
    intro: 'See how hosts use Pledgeway, then browse campaigns by topic.',
    video: {
      thumbnail: '/images/video-thumb.svg',
      thumbnailAlt: 'Play the video: how a Pledgeway campaign works',
      playLabel: 'Play video',
      caption: 'Two minutes on how a Pledgeway campaign goes from idea to donation.',
      stepsAlt: 'Show how a Pledgeway campaign works, in four steps',
      stepsLabel: 'See the 4 steps',
      stepsCaption: 'How a Pledgeway campaign goes from idea to donation, in four steps.',
    },
    topics: [
      {
        topic: 'Technology',
        title: 'Technology',
        body: 'Hackathons, coding marathons and charity game streams.',
        image: '/images/topic-technology.svg',
        imageAlt: 'Laptop and circuit pattern',
      },
      {
        topic: 'Culture',
        title: 'Culture',
        body: 'Concerts, bake-offs, art auctions and talent nights.',
        image: '/images/topic-culture.svg',
        imageAlt: 'Theater masks and musical notes',
      },
      {
        topic: 'Economics',
        title: 'Economics',
        body: 'Small-business challenges, market days and financial literacy drives.',
        image: '/images/topic-economics.svg',
        imageAlt: 'Rising bar chart and coins',
      },
      {
        topic: 'Politics',
        title: 'Politics',
        body: 'Town-hall challenges, debates and civic runoffs.',
        image: '/images/topic-politics.svg',
        imageAlt: 'Capitol dome and speech bubbles',
      },
    ],
  },
  popularEvents: {
    title: 'Popular Events',
    intro: 'Campaigns our community is talking about right now.',
    emptyText: 'New campaigns are on their way. Check back soon, or start your own.',
  },
  howItWorks: {
    title: 'How It Works',
    steps: [
      { title: 'Verify', body: 'Confirm your identity once. It takes a few minutes and protects your supporters.' },
      { title: 'Create', body: 'Describe your event, add participants, choose a charity and customize your options.' },
      { title: 'Fund and Submit', body: 'Make your own pledge to launch the campaign and send it for review.' },
      { title: 'Share', body: 'Once approved, share your page and post updates as pledges come in.' },
      { title: 'Complete', body: 'Hold your event, mark it completed, and the money goes to your charity.' },
    ],
  },
  promotionalPowers: {
    title: 'Promotional Powers',
    intro: 'Included with every campaign.',
    items: [
      { title: 'Accepted Status', body: 'Mark invited participants as Accepted on your campaign page.' },
      { title: 'Event Stacking', body: 'Put up to five of your campaigns on one page with a combined total.' },
      { title: 'Bidding Power', body: 'Supporters raise their own pledge before the event, never lower it.' },
      { title: 'Third-Party Promotion', body: 'Let others promote your campaign with their own link, credited on the page.' },
      { title: 'Platform Building', body: 'Your public host page lists every campaign you run, so followers come back.' },
      { title: 'Donation Limit', body: 'Cap a single pledge to keep the contest fair.' },
      { title: 'Campaign Updates', body: 'Post messages, images and files; supporters who ask get them by e-mail.' },
    ],
  },
  runoffSteps: {
    title: 'Runoff Competition',
    intro: 'Let donations decide.',
    steps: [
      { title: 'Choose the Contenders', body: 'Add two or more people, places or things, each with its own donation button.' },
      { title: 'Set the Rules', body: 'Win by Donor Total (most supporters) or Donation Total (highest sum), and choose which placements are charged.' },
      { title: 'Watch It Live', body: 'The ranking updates in real time with the leader on top.' },
      { title: 'Crown the Winner', body: 'When the event ends, the chosen pledges are charged and sent to the charity.' },
    ],
  },
  callsToAction: [
    {
      title: 'Not Sure Yet? Practice First',
      body: 'Build a complete campaign and preview its page. Nothing is saved and nothing is charged.',
      buttonLabel: 'Practice Campaign',
      href: '/user/events/practice-campaign',
    },
    {
      title: 'Ready to Make a Difference?',
      body: 'Create your campaign in three phases: verify, customize, and fund it for review.',
      buttonLabel: 'Create Campaign',
      href: '/user/event/create',
    },
  ],
  loginPrompt: {
    message: 'Please log in to your profile first to create an event',
    confirmLabel: 'Log In Profile',
    confirmHref: '/login',
    cancelLabel: 'Cancel',
  },
};
