/**
 * Copy for /privacy-policy. Sections in the order the page shows them.
 */

export type PrivacySectionId =
  | 'consent'
  | 'general-data'
  | 'login-registration'
  | 'termination'
  | 'personal-data'
  | 'data-privacy'
  | 'security'
  | 'third-party-links'
  | 'amendments'
  | 'contact';

export interface PrivacySection {
  id: PrivacySectionId;
  title: string;
  paragraphs: string[];
}

export interface PrivacyPolicy {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: PrivacySection[];
}

export const privacyPolicy: PrivacyPolicy = {
  title: 'Privacy Policy',
  lastUpdated: 'January 15, 2024',
  intro:
    'Your trust matters to us. This policy explains what information Pledgeway collects, why we ' +
    'collect it, and the choices you have. We collect only what we need to run campaigns, process ' +
    'pledges and keep the platform safe, and we do not sell your personal information.',
  sections: [
    {
      id: 'consent',
      title: 'Consent',
      paragraphs: [
        'By using Pledgeway you consent to the collection and use of your information as described ' +
          'in this policy. If you do not agree, please do not use the site.',
        'Where we rely on your consent, for example for our newsletter, you can withdraw it at any ' +
          'time using the unsubscribe link in any e-mail or by writing to support@pledgeway.org.',
      ],
    },
    {
      id: 'general-data',
      title: 'General Data',
      paragraphs: [
        'When you visit Pledgeway our servers record standard technical information: your IP ' +
          'address, browser type, the pages you view, the referring page and the date and time of ' +
          'your visit. We use this to keep the site running, to understand how it is used and to ' +
          'detect abuse.',
        'This information is kept in server logs for up to 90 days and is not used to identify you ' +
          'unless we are investigating fraud or a security incident.',
      ],
    },
    {
      id: 'login-registration',
      title: 'Login and Registration',
      paragraphs: [
        'To register we ask for your name, e-mail address, a password and a profile image (or our ' +
          'default avatar). Your password is stored only as a one-way hash; nobody at Pledgeway can read it.',
        'When you sign in, we keep a short-lived access token in your browser’s local storage and a ' +
          'sign-in cookie that keeps your session active. See our Cookie Policy for details.',
      ],
    },
    {
      id: 'termination',
      title: 'Termination',
      paragraphs: [
        'You may close your account at any time from your dashboard. If you have no launched ' +
          'campaign and no outstanding pledge, we delete your personal information straight away.',
        'Otherwise your pledges stay active until their campaigns are finalized, and if you launched ' +
          'a campaign your account closes 3 months after that campaign closes. Records of payments ' +
          'are kept without your name or contact details for as long as tax and accounting law requires.',
      ],
    },
    {
      id: 'personal-data',
      title: 'Personal Data',
      paragraphs: [
        'Depending on how you use Pledgeway we may hold: your name and e-mail address; your ' +
          'occupation, company name, biography and profile image; the campaigns you create and the ' +
          'participants you add; your pledges and tips; and messages you send to support.',
        'Campaign creators also complete identity verification. This is carried out by our ' +
          'identity-verification provider; we receive the result of the check, not copies of your documents.',
        'Payments are handled by our card payment provider, which holds your card. Pledgeway never ' +
          'stores card numbers or CVV codes. We keep only the card brand, the last four digits, the ' +
          'expiry date and the cardholder name, so that you can recognize your saved cards.',
      ],
    },
    {
      id: 'data-privacy',
      title: 'Data Privacy',
      paragraphs: [
        'We use your information to run your account, publish your campaigns, process pledges, send ' +
          'the e-mails that go with them (receipts, campaign updates, payment reminders), answer your ' +
          'questions and protect the platform.',
        'What you put on a campaign page, including host and participant names, biographies and ' +
          'images, is public. Your e-mail address, pledges and payment details are never shown publicly.',
        'We share information only with the service providers who help us run Pledgeway (payments, ' +
          'identity verification, e-mail delivery and hosting), with the charity that receives a ' +
          'donation when that is needed to process it, or when the law requires us to. We do not sell ' +
          'your personal information.',
        'You can ask to see, correct or delete your information at any time by writing to support@pledgeway.org.',
      ],
    },
    {
      id: 'security',
      title: 'Security',
      paragraphs: [
        'All traffic to Pledgeway is encrypted with HTTPS. Passwords are hashed, sign-in sessions use ' +
          'short-lived tokens, and access to our systems is limited to the staff who need it.',
        'No system is perfectly secure. If we become aware of a breach that affects your information ' +
          'we will tell you promptly and explain what we are doing about it.',
      ],
    },
    {
      id: 'third-party-links',
      title: 'Third-Party Links',
      paragraphs: [
        'Campaign pages and our Charities page link to other websites, including charities’ own ' +
          'donation pages and online event links. Those sites have their own privacy policies, and ' +
          'we are not responsible for their content or practices. Please read their policies before ' +
          'sharing information with them.',
      ],
    },
    {
      id: 'amendments',
      title: 'Amendments',
      paragraphs: [
        'We may update this policy as our services or the law change. The date at the top shows when ' +
          'it was last revised. For significant changes we will also notify account holders by e-mail.',
      ],
    },
    {
      id: 'contact',
      title: 'Contact',
      paragraphs: [
        'For any privacy question or request, write to support@pledgeway.org with the subject ' +
          '“Privacy”, or use the User Support tab on our Contact Us page. We respond within 30 days, ' +
          'and usually much sooner.',
      ],
    },
  ],
};
