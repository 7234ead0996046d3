/**
 * "Do Not Sell My Personal Information" page.
 */

import type { InfoPage } from './accessibility';

export const doNotSell: InfoPage = {
  title: 'Do Not Sell My Personal Information',
  intro:
    'Pledgeway does not sell your personal information, and we have not sold it in the past 12 ' +
    'months. We also do not share it for cross-context behavioral advertising. This page explains ' +
    'your rights and how to use them.',
  sections: [
    {
      title: 'Our Practice',
      paragraphs: [
        'We use your information only to run Pledgeway: your account, your campaigns, your pledges and ' +
          'the e-mails that go with them. We share it only with the service providers who help us do ' +
          'that (payments, identity verification, e-mail delivery and hosting), who may not use it for ' +
          'their own purposes, and with a charity when that is needed to process your donation.',
        'Because we do not sell personal information, there is nothing you need to opt out of. If that ' +
          'ever changes, we will update this page and our Privacy Policy first and give you a way to opt out.',
      ],
    },
    {
      title: 'Your Rights',
      paragraphs: [
        'Wherever you live, you can ask us to tell you what personal information we hold about you, to ' +
          'give you a copy of it, to correct it, or to delete it.',
        'Some records cannot be deleted straight away. Pledges on campaigns that are still running stay ' +
          'active until those campaigns are finalized, and records of payments are kept, without your ' +
          'name or contact details, for as long as tax and accounting law requires.',
      ],
    },
    {
      title: 'How to Make a Request',
      paragraphs: [
        'E-mail support@pledgeway.org from the address on your account with the subject “Privacy ' +
          'request”, and say whether you want access, a copy, a correction or deletion. You can also use ' +
          'the User Support tab on our Contact Us page.',
        'To protect your account we will confirm the request from your registered e-mail address ' +
          'before acting on it. An authorized agent may make a request for you with your written permission.',
        'We respond within 45 days, and usually much sooner. We will never charge you or treat you ' + 'differently for using these rights.',
      ],
    },
  ],
};
