import type { BasicInfoStepInput, EventDetailsStepInput, HostStepInput, ParticipantDraftInput, PaymentStepInput } from '@pledgeway/domain/schemas/event-create';

export interface WizardDraft {
  step: number;
  basicInfo: BasicInfoStepInput;
  hostData: HostStepInput;
  participants: ParticipantDraftInput[];
  eventDetails: EventDetailsStepInput;
  paymentInfo: PaymentStepInput;
}

const KEY = 'pledgeway:create-event-draft';

/** The wizard's draft survives a reload in local storage; it is cleared when the wizard is left or completed. */
export const wizardDraftStore = {
  load(): WizardDraft | null {
    try {
      const raw = localStorage.getItem(KEY);
      return raw ? (JSON.parse(raw) as WizardDraft) : null;
    } catch {
      return null;
    }
  },
  save(draft: WizardDraft) {
    try {
      localStorage.setItem(KEY, JSON.stringify(draft));
    } catch {
      // Over the storage quota: keep the text, drop the document (the largest part).
      try {
        localStorage.setItem(KEY, JSON.stringify({ ...draft, basicInfo: { ...draft.basicInfo, documents: [] } }));
      } catch {
        /* the draft then lives in memory only */
      }
    }
  },
  clear() {
    localStorage.removeItem(KEY);
  },
};
