/**
 * Accessibility statement page.
 */

export interface InfoPageSection {
  title: string;
  paragraphs: string[];
}

export interface InfoPage {
  title: string;
  intro: string;
  sections: InfoPageSection[];
}

export const accessibilityStatement: InfoPage = {
  title: 'Accessibility',
  intro:
    'Everyone should be able to start a campaign, pledge to a cause and follow an event, whatever ' +
    'device or assistive technology they use. This statement explains what we do to make ' +
    'Pledgeway accessible and how to tell us when we fall short.',
  sections: [
    {
      title: 'Our Commitment',
      paragraphs: [
        'We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.1 at level AA across the ' +
          'whole site, including the campaign wizard, the pledge dialog and your dashboard.',
      ],
    },
    {
      title: 'What We Do',
      paragraphs: [
        'Every page can be used with a keyboard alone, with a visible focus outline and a “skip to ' +
          'content” link. Dialogs keep focus inside them and return it when they close.',
        'Text and controls meet contrast requirements, images have text alternatives, and form fields ' +
          'have labels and error messages that screen readers announce.',
        'The site respects your browser’s text size and your “reduce motion” setting: the home page ' +
          'carousels stop moving automatically when reduced motion is requested.',
        'We test new features with automated checks and by hand with screen readers on desktop and ' + 'mobile before they are released.',
      ],
    },
    {
      title: 'Known Limitations',
      paragraphs: [
        'Some content is provided by others and may not be fully accessible: campaign banners and ' +
          'documents uploaded by hosts, embedded videos, and charities’ own websites. We ask hosts to ' +
          'describe their images and to upload documents in accessible formats.',
        'The image-cropping tool in the campaign wizard relies on dragging. If it is difficult to use, ' +
          'you can upload an image that is already square and skip cropping.',
      ],
    },
    {
      title: 'Feedback and Help',
      paragraphs: [
        'If you find a barrier on Pledgeway, or need information in a different format, please write ' +
          'to support@pledgeway.org with “Accessibility” in the subject. Tell us the page and what ' +
          'happened, and we will reply within two business days.',
        'If you cannot complete a pledge or a campaign because of an accessibility problem, our ' + 'support team can help you finish it by e-mail.',
      ],
    },
  ],
};
