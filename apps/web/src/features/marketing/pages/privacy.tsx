import { privacyPolicy } from '@/features/marketing/content/privacy';
import { InfoPage } from '../components/info-page';

export default function PrivacyPage() {
  return (
    <InfoPage
      title={privacyPolicy.title}
      subtitle="What we collect, why we collect it, and the choices you have."
      lastUpdated={privacyPolicy.lastUpdated}
      intro={[privacyPolicy.intro]}
      sections={privacyPolicy.sections}
      numbered
    />
  );
}
