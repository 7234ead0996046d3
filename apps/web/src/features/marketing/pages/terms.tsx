import { terms } from '@/features/marketing/content/terms';
import { InfoPage } from '../components/info-page';

export default function TermsPage() {
  return (
    <InfoPage
      title={terms.title}
      subtitle="The agreement between you and Pledgeway: campaigns, pledges, fees, refunds and your account."
      lastUpdated={terms.lastUpdated}
      intro={terms.introduction}
      sections={terms.sections}
      numbered
    />
  );
}
