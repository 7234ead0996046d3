import { doNotSell } from '@/features/marketing/content/do-not-sell';
import { InfoPage } from '../components/info-page';

export default function DoNotSellPage() {
  return <InfoPage title={doNotSell.title} intro={[doNotSell.intro]} sections={doNotSell.sections} />;
}
