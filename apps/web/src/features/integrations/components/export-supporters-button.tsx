import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { downloadCsv } from '@/features/admin/lib/download-csv';

/** The campaign's supporters as CSV: names as chosen, e-mails only where the supporter shared them. */
export function ExportSupportersButton({ eventId }: { eventId: string }) {
  const [busy, setBusy] = useState(false);
  async function save() {
    setBusy(true);
    try {
      await downloadCsv(`/events/${eventId}/supporters.csv`, `supporters-${eventId.slice(0, 8)}-${new Date().toISOString().slice(0, 10)}.csv`);
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
