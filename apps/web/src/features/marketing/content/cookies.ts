/**
 * Copy for /cookie-policy, plus the list of what the app really stores in the browser.
 */

export interface CookiePolicySection {
  title: string;
  paragraphs: string[];
}

export interface BrowserStorageItem {
  name: string;
  type: 'cookie' | 'localStorage';
  purpose: string;
  duration: string;
  /** Attributes such as httpOnly, Secure, SameSite (cookies only). */
  attributes?: string[];
  essential: boolean;
}

export interface CookiePolicy {
  title: string;
  lastUpdated: string;
  intro: string;
  sections: CookiePolicySection[];
  storageHeading: string;
  storageIntro: string;
  storage: BrowserStorageItem[];
}

export const cookiePolicy: CookiePolicy = {
  title: 'Cookie Policy',
  lastUpdated: 'January 15, 2024',
  intro: 'This policy explains how Pledgeway uses cookies and similar technologies when you visit our ' + 'website, and the choices you have.',
  sections: [
    {
      title: 'What Are Cookies?',
      paragraphs: [
        'Cookies are small text files that a website stores on your device. Similar technologies, ' +
          'such as your browser’s local storage, work in much the same way.',
      ],
    },
    {
      title: 'How We Use Cookies',
      paragraphs: [
        'We use session cookies, which are deleted when you close your browser, and persistent ' +
          'cookies, which remain until they expire or you delete them. Together they keep you signed ' +
          'in, remember your preferences and help us analyze how the site is used so we can improve it.',
      ],
    },
    {
      title: 'Your Consent',
      paragraphs: [
        'By continuing to use our website you consent to our use of cookies as described in this ' +
          'policy. Cookies that are strictly necessary, such as the one that keeps you signed in, ' +
          'cannot be switched off without breaking the site.',
      ],
    },
    {
      title: 'Third-Party Cookies',
      paragraphs: [
        'Some pages may include content or features from other companies, such as embedded videos ' +
          'or social sharing buttons, and those companies may set their own cookies, including ' +
          'marketing cookies. These third-party cookies are outside our organization’s control; ' +
          'please check the cookie policies of those companies.',
      ],
    },
    {
      title: 'Managing Cookies',
      paragraphs: [
        'Most browsers let you view, block and delete cookies in their settings. If you block the ' +
          'sign-in cookie or clear local storage, you will need to log in again, and some parts of the ' +
          'site may not work.',
      ],
    },
    {
      title: 'Contact',
      paragraphs: ['Questions about cookies? Write to support@pledgeway.org.'],
    },
  ],
  storageHeading: 'What We Store in Your Browser',
  storageIntro: 'These are the items Pledgeway itself sets. All of them are needed for signing in; none are ' + 'used for advertising.',
  storage: [
    {
      name: 'refresh_token',
      type: 'cookie',
      purpose:
        'Keeps you signed in. It lets the site issue a new short-lived access token without asking ' +
        'for your password again, and is replaced each time it is used.',
      duration: 'Up to 30 days; deleted when you log out',
      attributes: ['httpOnly (not readable by scripts)', 'Secure (on HTTPS)', 'SameSite=Lax', 'Path=/api/site'],
      essential: true,
    },
    {
      name: 'access-token',
      type: 'localStorage',
      purpose: 'A short-lived token (about 15 minutes) that proves you are signed in when the site talks ' + 'to our servers.',
      duration: 'Removed when you log out; replaced automatically while you stay signed in',
      essential: true,
    },
  ],
};
