import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { refreshAccessToken, tokenStore } from '@/lib/api-client';

async function fetchCsv(path: string): Promise<Response> {
  const token = tokenStore.get();
  return fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, credentials: 'include' });
}

/** The campaign's supporters as CSV (decision 149): names as chosen, e-mails only where the supporter shared them. */
export function ExportSupportersButton({ eventId }: { eventId: string }) {
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      const path = `/events/${eventId}/supporters.csv`;
      let response = await fetchCsv(path);
      if (response.status === 401 && (await refreshAccessToken())) response = await fetchCsv(path);
      if (!response.ok) throw new Error('The export could not be downloaded. Please try again.');
      const url = URL.createObjectURL(new Blob([await response.text()], { type: 'text/csv;charset=utf-8' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = `supporters-${eventId.slice(0, 8)}-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The export could not be downloaded.');
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button variant="outline" loading={busy} loadingText="Exporting…" onClick={() => void save()}>
      Export supporters (CSV)
    </Button>
  );
}
