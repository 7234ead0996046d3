import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { ApiKeysSection } from '../components/api-keys-section';
import { WebhooksSection } from '@/components/integrations/webhooks-section';

/** /user/developers: connect Pledgeway to your own tools (API keys, webhooks; exports are on each campaign's summary). */
export default function DevelopersPage() {
  useEffect(() => {
    document.title = 'Developers — Pledgeway';
  }, []);
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">Developers</h1>
        <p className="mt-1 max-w-3xl text-ink-600">
          Feed your CRM, mailing list, spreadsheet or automation tool from your campaigns. Your campaigns' supporters can be exported as CSV from each
          campaign's page in My Events.
        </p>
      </header>
      <Alert tone="info">Webhooks and keys cover campaigns you host. Charities' own keys and webhooks are not available yet.</Alert>
      <WebhooksSection />
      <ApiKeysSection />
    </div>
  );
}
