/**
 * Demo content seeded on first start: the charity groups of docs/product.md#charities and eight campaigns that
 * cover every campaign kind and the main statuses. All organisations and people are invented;
 * links use example.org placeholder domains and e-mails use example.com.
 */

export type CharityGroupTitle = 'Fill A Belly' | 'Defend The Innocent' | 'Thank A Veteran';

export type CharityName =
  | 'Brightpot Community Kitchens'
  | 'Open Larder Food Network'
  | 'Morning Bowl Breakfast Fund'
  | 'Cornerstone Pantry Collective'
  | 'Kindred Shield Child Advocacy'
  | 'Lanternlight Legal Defense Fund'
  | 'Quiet Haven Family Shelters'
  | 'Bluebird Watch Youth Protection'
  | 'Homefront Hearth Veterans Housing'
  | 'Harbor Light Veterans Fund'
  | 'Steadfast Paws Service Dogs'
  | 'Valor Garden Respite';

export interface SeedCharity {
  name: CharityName;
  logo: `/images/charity-${string}.svg`;
  link?: string;
  description: string;
}

export interface SeedCharityGroup {
  title: CharityGroupTitle;
  charities: SeedCharity[];
}

export const charityGroups: SeedCharityGroup[] = [
  {
    title: 'Fill A Belly',
    charities: [
      {
        name: 'Brightpot Community Kitchens',
        logo: '/images/charity-01.svg',
        link: 'https://brightpot.example.org',
        description: 'Serves hot, free evening meals in church halls and school cafeterias across six Midwestern cities.',
      },
      {
        name: 'Open Larder Food Network',
        logo: '/images/charity-02.svg',
        link: 'https://openlarder.example.org',
        description: 'Keeps 140 neighborhood pantries stocked with fresh produce rescued from farms and grocers.',
      },
      {
        name: 'Morning Bowl Breakfast Fund',
        logo: '/images/charity-03.svg',
        link: 'https://morningbowl.example.org',
        description: 'Pays for school breakfasts so no child starts the day too hungry to learn.',
      },
      {
        name: 'Cornerstone Pantry Collective',
        logo: '/images/charity-04.svg',
        description: 'A volunteer-run pantry delivering weekly groceries to homebound seniors in rural counties.',
      },
    ],
  },
  {
    title: 'Defend The Innocent',
    charities: [
      {
        name: 'Kindred Shield Child Advocacy',
        logo: '/images/charity-05.svg',
        link: 'https://kindredshield.example.org',
        description: 'Trains volunteer advocates who speak up in court for children in foster care.',
      },
      {
        name: 'Lanternlight Legal Defense Fund',
        logo: '/images/charity-06.svg',
        link: 'https://lanternlight.example.org',
        description: 'Provides free investigators and attorneys to people who may have been wrongly convicted.',
      },
      {
        name: 'Quiet Haven Family Shelters',
        logo: '/images/charity-07.svg',
        link: 'https://quiethaven.example.org',
        description: 'Offers safe, confidential housing and counseling to families leaving domestic violence.',
      },
      {
        name: 'Bluebird Watch Youth Protection',
        logo: '/images/charity-08.svg',
        description: 'Teaches parents, coaches and teachers to recognize and report signs of child abuse.',
      },
    ],
  },
  {
    title: 'Thank A Veteran',
    charities: [
      {
        name: 'Homefront Hearth Veterans Housing',
        logo: '/images/charity-09.svg',
        link: 'https://homefronthearth.example.org',
        description: 'Finds permanent homes for veterans experiencing homelessness and helps with the first month’s rent.',
      },
      {
        name: 'Harbor Light Veterans Fund',
        logo: '/images/charity-10.svg',
        link: 'https://harborlight.example.org',
        description: 'Gives emergency grants to veterans and their families facing a sudden financial crisis.',
      },
      {
        name: 'Steadfast Paws Service Dogs',
        logo: '/images/charity-11.svg',
        link: 'https://steadfastpaws.example.org',
        description: 'Raises and trains service dogs for veterans living with PTSD or mobility injuries, at no cost to them.',
      },
      {
        name: 'Valor Garden Respite',
        logo: '/images/charity-12.svg',
        description: 'Runs weekend retreats on a working farm for veterans and the caregivers who support them.',
      },
    ],
  },
];

export type CampaignKind = 'event' | 'money_bomb' | 'runoff' | 'crowdfunding';
export type FundingModel = 'all_or_nothing' | 'all_donations';
export type DemoCampaignStatus = 'approved' | 'pending' | 'rejected' | 'completed' | 'freeze';

export interface SeedPerson {
  fullName: string;
  /** A title label shown above the biography, e.g. Organizer or Challenger. */
  about: string;
  occupation: string;
  companyName: string;
  email: string;
}

export interface SeedParticipant extends SeedPerson {
  aboutParticipant: string;
  /** Accepted Status promotional power. */
  accepted?: boolean;
}

export interface DemoCampaign {
  name: string;
  description: string;
  categories: string[];
  kind: CampaignKind;
  fundingModel: FundingModel;
  targetCents: number;
  banner: `/images/campaign-banner-0${1 | 2 | 3 | 4 | 5 | 6 | 7 | 8}.svg`;
  locationType: 'physical' | 'virtual';
  eventLocation?: string;
  onlineEventLink?: string;
  /** Event date as an offset from the seeding day. */
  daysFromNow: number;
  eventTime?: string;
  host: SeedPerson;
  participants: SeedParticipant[];
  status: DemoCampaignStatus;
  charityName: CharityName;
  donationLimitCents?: number;
  runoffWinBy?: 'donor_total' | 'donation_total';
  runoffFixedAmountCents?: number;
  rejectionReason?: string;
}

export const demoCampaigns: DemoCampaign[] = [
  {
    name: 'Principal on the Roof',
    description:
      'Principal Hughes has promised to spend a school night in a tent on the roof of Lincoln Park ' +
      'Elementary if we pledge $5,000 for school breakfasts. Every dollar feeds a student before the ' +
      'first bell. Nobody is charged unless she actually sleeps up there, and we will post photos at sunrise.',
    categories: ['Education', 'Culture', 'Food'],
    kind: 'event',
    fundingModel: 'all_or_nothing',
    targetCents: 500_000,
    banner: '/images/campaign-banner-01.svg',
    locationType: 'physical',
    eventLocation: 'Lincoln Park Elementary, 1420 W Maple Ave, Springfield, IL 62704',
    daysFromNow: 12,
    eventTime: '19:00',
    host: { fullName: 'Dana Alvarez', about: 'Organizer', occupation: 'PTA President', companyName: 'Lincoln Park PTA', email: 'dana.alvarez@example.com' },
    participants: [
      {
        fullName: 'Margaret Hughes',
        about: 'Challenger',
        occupation: 'School Principal',
        companyName: 'Lincoln Park Elementary',
        email: 'margaret.hughes@example.com',
        accepted: true,
        aboutParticipant: 'Principal for eleven years, former science teacher, and a lifelong camper who has never camped on a roof.',
      },
    ],
    status: 'approved',
    charityName: 'Morning Bowl Breakfast Fund',
  },
  {
    name: '72-Hour Pantry Restock',
    description:
      'Our east-side pantries ran low after the holiday rush. For three days only, every pledge buys ' +
      'fresh produce, milk and eggs for families on the waiting list. All donations are charged at the ' +
      'deadline and go straight to restocking the shelves.',
    categories: ['Food', 'Economics'],
    kind: 'money_bomb',
    fundingModel: 'all_donations',
    targetCents: 250_000,
    banner: '/images/campaign-banner-02.svg',
    locationType: 'virtual',
    onlineEventLink: 'https://live.example.org/pantry-restock',
    daysFromNow: 3,
    eventTime: '23:59',
    host: {
      fullName: 'Tomas Ferreira',
      about: 'Volunteer Coordinator',
      occupation: 'Logistics Manager',
      companyName: 'Eastline Freight',
      email: 'tomas.ferreira@example.com',
    },
    participants: [
      {
        fullName: 'Grace Liu',
        about: 'Pantry Lead',
        occupation: 'Nurse',
        companyName: 'Mercy General Hospital',
        email: 'grace.liu@example.com',
        accepted: true,
        aboutParticipant: 'Runs the Saturday distribution at the Elm Street pantry and knows most families by name.',
      },
    ],
    status: 'approved',
    charityName: 'Open Larder Food Network',
  },
  {
    name: 'Firehouse Chili Showdown',
    description:
      'Four firehouses, four pots of chili, one title. Pledge for your favorite crew: the highest total ' +
      'wins the golden ladle and bragging rights until next winter. Every dollar, from every pot, helps ' +
      'veterans move into permanent homes.',
    categories: ['Culture', 'Food', 'Community'],
    kind: 'runoff',
    fundingModel: 'all_donations',
    targetCents: 800_000,
    banner: '/images/campaign-banner-03.svg',
    locationType: 'physical',
    eventLocation: 'Riverside Fairgrounds, 300 Depot Rd, Boise, ID 83702',
    daysFromNow: 21,
    eventTime: '12:00',
    host: {
      fullName: 'Walt Brennan',
      about: 'Event Host',
      occupation: 'Fire Captain (retired)',
      companyName: 'Boise Firefighters Association',
      email: 'walt.brennan@example.com',
    },
    participants: [
      {
        fullName: 'Station 3 “Smoke Eaters”',
        about: 'Contender',
        occupation: 'Firefighters',
        companyName: 'Boise Fire Station 3',
        email: 'station3@example.com',
        accepted: true,
        aboutParticipant: 'Three-time champions with a smoky chipotle recipe nobody will share.',
      },
      {
        fullName: 'Station 7 “Ladder Legends”',
        about: 'Contender',
        occupation: 'Firefighters',
        companyName: 'Boise Fire Station 7',
        email: 'station7@example.com',
        accepted: true,
        aboutParticipant: 'White-bean chicken chili and a brass band for moral support.',
      },
      {
        fullName: 'Station 11 “Night Shift”',
        about: 'Contender',
        occupation: 'Firefighters',
        companyName: 'Boise Fire Station 11',
        email: 'station11@example.com',
        accepted: true,
        aboutParticipant: 'First-timers who promise a ghost-pepper batch for the brave.',
      },
      {
        fullName: 'Station 14 “Hose Hounds”',
        about: 'Contender',
        occupation: 'Firefighters',
        companyName: 'Boise Fire Station 14',
        email: 'station14@example.com',
        aboutParticipant: 'Last year’s runners-up, back with a venison chili and something to prove.',
      },
    ],
    status: 'approved',
    charityName: 'Homefront Hearth Veterans Housing',
    runoffWinBy: 'donation_total',
  },
  {
    name: 'Ten Dogs, Ten Veterans',
    description:
      'It takes about two years and $15,000 of training to prepare a service dog for a veteran with PTSD. ' +
      'Help us fully fund this year’s class of ten puppies. If we reach the goal, every pledge is charged ' +
      'and the class begins; if not, nobody pays.',
    categories: ['Veterans', 'Health'],
    kind: 'crowdfunding',
    fundingModel: 'all_or_nothing',
    targetCents: 1_500_000,
    banner: '/images/campaign-banner-04.svg',
    locationType: 'virtual',
    onlineEventLink: 'https://live.example.org/ten-dogs-graduation',
    daysFromNow: 28,
    eventTime: '17:30',
    host: {
      fullName: 'Keisha Monroe',
      about: 'Organizer',
      occupation: 'Veterinary Technician',
      companyName: 'Northgate Animal Clinic',
      email: 'keisha.monroe@example.com',
    },
    participants: [
      {
        fullName: 'Sgt. Luis Ortega (Ret.)',
        about: 'Ambassador',
        occupation: 'Peer Counselor',
        companyName: 'Veterans Outreach Center',
        email: 'luis.ortega@example.com',
        accepted: true,
        aboutParticipant: 'Army veteran whose service dog, Juno, has been by his side for six years.',
      },
      {
        fullName: 'Hannah Pike',
        about: 'Lead Trainer',
        occupation: 'Dog Trainer',
        companyName: 'Steadfast Paws',
        email: 'hannah.pike@example.com',
        aboutParticipant: 'Has trained 48 service dogs and will be streaming the puppies’ first lessons.',
      },
    ],
    status: 'approved',
    charityName: 'Steadfast Paws Service Dogs',
    donationLimitCents: 100_000,
  },
  {
    name: 'Code for Kids: 24-Hour Hackathon',
    description:
      'Forty student developers will code for 24 hours straight to build a case-tracking tool for ' +
      'volunteer child advocates. Pledge per team, follow the livestream, and vote for the best demo. ' +
      'Pledges are charged when the hackathon wraps up.',
    categories: ['Technology', 'Education'],
    kind: 'event',
    fundingModel: 'all_donations',
    targetCents: 300_000,
    banner: '/images/campaign-banner-05.svg',
    locationType: 'virtual',
    onlineEventLink: 'https://live.example.org/code-for-kids',
    daysFromNow: 10,
    eventTime: '09:00',
    host: { fullName: 'Anika Sharma', about: 'Organizer', occupation: 'Software Engineer', companyName: 'Tidewater Labs', email: 'anika.sharma@example.com' },
    participants: [
      {
        fullName: 'Jordan Kim',
        about: 'Team Captain',
        occupation: 'Computer Science Student',
        companyName: 'State University',
        email: 'jordan.kim@example.com',
        aboutParticipant: 'Leads the university coding club and has never slept during a hackathon.',
      },
      {
        fullName: 'Maya Patel',
        about: 'Mentor',
        occupation: 'Product Designer',
        companyName: 'Brightline Studio',
        email: 'maya.patel@example.com',
        aboutParticipant: 'Volunteer child advocate for five years who will help teams understand what advocates need.',
      },
    ],
    status: 'pending',
    charityName: 'Kindred Shield Child Advocacy',
  },
  {
    name: 'Best Burger on Main Street',
    description:
      'Two diners, one question: whose burger is better? Every $10 pledge is one vote, and the diner with ' +
      'the most supporters wins a year of bragging rights. Only pledges for the winner are charged, ' +
      'and they all buy groceries for homebound seniors.',
    categories: ['Food', 'Economics', 'Community'],
    kind: 'runoff',
    fundingModel: 'all_donations',
    targetCents: 200_000,
    banner: '/images/campaign-banner-06.svg',
    locationType: 'physical',
    eventLocation: 'Main Street, Harlan, IA 51537',
    daysFromNow: 14,
    eventTime: '11:00',
    host: {
      fullName: 'Ruth Ellison',
      about: 'Organizer',
      occupation: 'Chamber of Commerce Director',
      companyName: 'Harlan Chamber of Commerce',
      email: 'ruth.ellison@example.com',
    },
    participants: [
      {
        fullName: 'Sal’s Corner Grill',
        about: 'Contender',
        occupation: 'Diner',
        companyName: 'Sal’s Corner Grill',
        email: 'sal@example.com',
        aboutParticipant: 'Smash burgers on the same flat-top since 1978.',
      },
      {
        fullName: 'The Blue Plate',
        about: 'Contender',
        occupation: 'Diner',
        companyName: 'The Blue Plate',
        email: 'blueplate@example.com',
        aboutParticipant: 'Half-pound burgers with pickles brined in the back room.',
      },
    ],
    status: 'rejected',
    charityName: 'Cornerstone Pantry Collective',
    runoffWinBy: 'donor_total',
    runoffFixedAmountCents: 1_000,
    rejectionReason:
      'Please confirm that both diners have agreed to take part (a short note from each owner is enough) ' +
      'and name the charity in the first line of the description, then resubmit.',
  },
  {
    name: 'Mayor’s Polar Plunge',
    description:
      'Mayor Okonkwo and four council members will jump into Lake Carver, in their office clothes, if ' +
      'Carver City pledges $10,000 for veterans in crisis. Bring a towel, bring a friend, and cheer them ' +
      'in. Pledges are charged only after the last councilor is out of the water.',
    categories: ['Politics', 'Veterans'],
    kind: 'event',
    fundingModel: 'all_donations',
    targetCents: 1_000_000,
    banner: '/images/campaign-banner-07.svg',
    locationType: 'physical',
    eventLocation: 'Lake Carver Public Beach, 12 Shoreline Dr, Carver City, MN 55315',
    daysFromNow: 3,
    eventTime: '10:00',
    host: {
      fullName: 'Ben Adeyemi',
      about: 'Organizer',
      occupation: 'Communications Director',
      companyName: 'City of Carver',
      email: 'ben.adeyemi@example.com',
    },
    participants: [
      {
        fullName: 'Mayor Chidi Okonkwo',
        about: 'Challenger',
        occupation: 'Mayor',
        companyName: 'City of Carver',
        email: 'mayor.okonkwo@example.com',
        accepted: true,
        aboutParticipant: 'Navy veteran and second-term mayor who says the water is “refreshing”.',
      },
      {
        fullName: 'Councilor Ellen Park',
        about: 'Challenger',
        occupation: 'City Councilor',
        companyName: 'City of Carver',
        email: 'ellen.park@example.com',
        accepted: true,
        aboutParticipant: 'Represents Ward 2 and has plunged three years running.',
      },
    ],
    status: 'completed',
    charityName: 'Harbor Light Veterans Fund',
  },
  {
    name: 'Winter Coats by Friday',
    description:
      'Families arriving at our shelters this winter often come with nothing but what they are wearing. ' +
      'Help us buy 300 warm coats, hats and boots in children’s and adult sizes before the first hard ' +
      'freeze. Every donation is charged at the deadline.',
    categories: ['Family', 'Community'],
    kind: 'money_bomb',
    fundingModel: 'all_donations',
    targetCents: 450_000,
    banner: '/images/campaign-banner-08.svg',
    locationType: 'virtual',
    onlineEventLink: 'https://live.example.org/winter-coats',
    daysFromNow: 6,
    eventTime: '18:00',
    host: {
      fullName: 'Oliver Grant',
      about: 'Organizer',
      occupation: 'Retail Store Manager',
      companyName: 'Northwind Outfitters',
      email: 'oliver.grant@example.com',
    },
    participants: [
      {
        fullName: 'Sofia Reyes',
        about: 'Shelter Liaison',
        occupation: 'Social Worker',
        companyName: 'County Family Services',
        email: 'sofia.reyes@example.com',
        aboutParticipant: 'Will hand out every coat in person and share photos with supporters.',
      },
    ],
    status: 'freeze',
    charityName: 'Quiet Haven Family Shelters',
  },
];
