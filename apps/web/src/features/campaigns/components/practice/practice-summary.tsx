import type { PracticeParticipantInput } from '@pledgeway/domain/schemas/practice';
import type { PracticeForms } from './use-practice-forms';

interface PracticeSummaryProps {
  basic: PracticeForms['basic'];
  host: PracticeForms['host'];
  participants: PracticeParticipantInput[];
}

/** Step 4 of the practice campaign: a short recap before the preview. */
export function PracticeSummary({ basic, host, participants }: PracticeSummaryProps) {
  return (
    <div className="grid gap-2 text-ink-700">
      <p className="text-lg font-semibold text-ink-900">{basic.getValues('eventName')}</p>
      <p>Target: ${String(basic.getValues('targetAmount'))}</p>
      <p>Host: {host.getValues('fullName')}</p>
      <p>Participants: {participants.length}</p>
      <p>Press Preview to see the campaign page as supporters would.</p>
    </div>
  );
}
