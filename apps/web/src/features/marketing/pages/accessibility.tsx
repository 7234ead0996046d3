import { accessibilityStatement } from '@/features/marketing/content/accessibility';
import { InfoPage } from '../components/info-page';

export default function AccessibilityPage() {
  return <InfoPage title={accessibilityStatement.title} intro={[accessibilityStatement.intro]} sections={accessibilityStatement.sections} />;
}
