import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  missingFieldsMessage,
  missingRequiredFields,
  participantCountError,
  type EventDetailsStepInput,
  type ParticipantDraftInput,
} from '@pledgeway/domain/schemas/event-create';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import { Alert } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { postCreateEvent } from '../../api/create-event';
import { discardEvent } from '../../api/discard-event';
import { fundFromWizard } from '../../api/fund-event';
import { putEvent } from '../../api/update-event';
import { wizardDraftStore, type WizardDraft } from '../../hooks/use-wizard-draft';
import { buildCreatePayload } from '../../lib/build-create-payload';
import { dataUrlToBlob } from '../../lib/images';
import { CreateEventStep } from './create-event-step';
import { initialDraft, useCreateEventDraft, type Profile } from './use-create-event-draft';
import { WizardNav } from './wizard-nav';
import { WizardStepper } from './wizard-stepper';

export const CREATE_STEPS = ['Create Event', 'Biographies', 'Event Genre', 'Event Summary', 'Payment'] as const;

function errorMessage(error: unknown): string {
  return error instanceof ApiError || error instanceof Error ? error.message : '';
}

/** The wizard's one document goes up as a file in the multipart PUT of docs/product.md#7-api-calls. */
async function uploadDocument(eventId: string, draft: WizardDraft): Promise<void> {
  const document = draft.basicInfo.documents?.[0];
  if (!document) return;
  const form = new FormData();
  form.append('documents[0]', dataUrlToBlob(document.content), document.name);
  await putEvent(eventId, form);
}

const HOST_INCOMPLETE = 'Fill in the required fields about you';

function hasAnyValue(details: EventDetailsStepInput): boolean {
  return Boolean(details.eventDate || details.eventTime || details.eventLocation || details.onlineEventLink);
}

export function CreateEventWizard({ profile }: { profile: Profile }) {
  const navigate = useNavigate();
  const initial = useMemo(() => initialDraft(profile), [profile]);
  const [step, setStep] = useState(initial.step);
  const [participants, setParticipants] = useState<ParticipantDraftInput[]>(initial.participants);
  const [stepError, setStepError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const topRef = useRef<HTMLDivElement>(null);

  const { forms, snapshot, completedRef } = useCreateEventDraft(initial, step, participants);
  const { basicForm, hostForm, detailsForm, paymentForm } = forms;

  const kind = basicForm.watch('kind') ?? 'event';
  const participantsError = participantCountError(kind, participants.length);

  const basicValid = basicForm.formState.isValid;
  const hostValid = hostForm.formState.isValid;
  const paymentValid = paymentForm.formState.isValid;
  const canAdvance = [basicValid, hostValid && !participantsError, true, true, paymentValid][step] ?? false;
  // Biographies is the step whose missing part is not a field: say it next to Next.
  const blockedReason = step === 1 ? (participantsError ?? (hostValid ? undefined : HOST_INCOMPLETE)) : undefined;
  // "Please complete all required fields" goes as soon as the step is complete.
  useEffect(() => {
    if (canAdvance) setStepError((current) => (current === EVENT_MESSAGES.stepIncomplete ? null : current));
  }, [canAdvance]);

  function goTo(next: number) {
    setStepError(null);
    setStep(next);
    topRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }

  async function validateStep(index: number): Promise<boolean> {
    if (index === 0) return basicForm.trigger(undefined, { shouldFocus: true });
    if (index === 1) return (await hostForm.trigger(undefined, { shouldFocus: true })) && !participantsError;
    // Event Genre may be skipped; what is entered must still be valid.
    if (index === 2) return hasAnyValue(detailsForm.getValues()) ? detailsForm.trigger(undefined, { shouldFocus: true }) : true;
    if (index === 4) return paymentForm.trigger(undefined, { shouldFocus: true });
    return true;
  }

  async function next() {
    if (!(await validateStep(step))) {
      setStepError(EVENT_MESSAGES.stepIncomplete);
      return;
    }
    if (step < CREATE_STEPS.length - 1) goTo(step + 1);
    else await complete();
  }

  async function complete() {
    const draft = snapshot();
    const payload = buildCreatePayload(draft);
    const missing = missingRequiredFields(payload);
    if (missing.length) {
      setStepError(`${EVENT_MESSAGES.submitIncomplete}. ${missingFieldsMessage(missing)}`);
      toast.error(EVENT_MESSAGES.submitIncomplete);
      return;
    }
    setSubmitting(true);
    const toastId = toast.loading(EVENT_MESSAGES.creating);
    let eventId: string | undefined;
    try {
      eventId = (await postCreateEvent(payload)).event.id;
    } catch (error) {
      const message = errorMessage(error) || EVENT_MESSAGES.createFailed;
      toast.error(message, { id: toastId });
      setStepError(message);
      setSubmitting(false);
      return;
    }
    try {
      await uploadDocument(eventId, draft);
      const paymentInfo = draft.paymentInfo;
      const answer = await fundFromWizard(eventId, paymentInfo);
      completedRef.current = true;
      wizardDraftStore.clear();
      if (answer.session?.url) {
        // A new card is paid on Stripe's page; Stripe brings the creator back to the event summary.
        toast.success(answer.message, { id: toastId });
        window.location.assign(answer.session.url);
        return;
      }
      toast.success(EVENT_MESSAGES.created, { id: toastId, description: paymentInfo.testMode ? EVENT_MESSAGES.testPaymentProcessed : undefined });
      try {
        await navigate(paths.event(eventId));
      } catch {
        toast.error(EVENT_MESSAGES.navigationFailed);
      }
    } catch (error) {
      // Nothing is left behind: the campaign goes, and the creator stays here with every entry kept.
      await discardEvent(eventId).catch(() => undefined);
      const message = `Payment processing failed: ${errorMessage(error) || EVENT_MESSAGES.createFailed}`;
      toast.error(message, { id: toastId });
      setStepError(message);
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <div ref={topRef} className="scroll-mt-28">
      <WizardStepper steps={CREATE_STEPS} current={step} />
      <h2 className="mt-8 mb-6 text-2xl font-bold">
        Step {step + 1}: {CREATE_STEPS[step]}
      </h2>
      {stepError && (
        <Alert tone="error" className="mb-6" onDismiss={() => setStepError(null)}>
          {stepError}
        </Alert>
      )}
      <form noValidate onSubmit={(event) => event.preventDefault()} aria-label={CREATE_STEPS[step]}>
        <CreateEventStep
          step={step}
          forms={forms}
          isRunoff={kind === 'runoff'}
          participants={participants}
          onParticipantsChange={setParticipants}
          participantsError={participants.length ? participantsError : undefined}
          onEdit={goTo}
        />
      </form>
      <WizardNav
        step={step}
        last={CREATE_STEPS.length - 1}
        canAdvance={canAdvance}
        blockedReason={blockedReason}
        busy={submitting}
        busyLabel={EVENT_MESSAGES.creating}
        finalLabel="Complete"
        onBack={() => goTo(Math.max(0, step - 1))}
        onNext={() => void next()}
        extra={
          step === 2 ? (
            <button type="button" className="btn btn-ghost" onClick={() => goTo(3)}>
              Skip this step
            </button>
          ) : undefined
        }
      />
    </div>
  );
}
