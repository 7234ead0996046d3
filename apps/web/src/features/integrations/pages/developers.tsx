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
      <Alert tone="info">
        The webhooks here cover campaigns you host. A charity's webhooks are managed in its portal by its representatives; a key you make here reaches a charity
        you represent (its supporters CSV with <code>pledges:read</code>, its endpoints with <code>webhooks:manage</code>) for as long as you represent it.
      </Alert>
      <WebhooksSection />
      <ApiKeysSection />
    </div>
  );
}
