import type { ParticipantDraftInput } from '@pledgeway/domain/schemas/event-create';
import { useCharities } from '@/lib/charities';
import { BasicInfoStep } from './basic-info-step';
import { BiographiesStep } from './biographies-step';
import { EventGenreStep } from './event-genre-step';
import { PaymentStep } from './payment-step';
import { SummaryStep } from './summary-step';
import type { CreateEventForms } from './use-create-event-draft';

interface CreateEventStepProps {
  step: number;
  forms: CreateEventForms;
  isRunoff: boolean;
  participants: ParticipantDraftInput[];
  onParticipantsChange(next: ParticipantDraftInput[]): void;
  participantsError?: string;
  onEdit(step: number): void;
}

/** The fields of the wizard's current step. */
export function CreateEventStep({ step, forms, isRunoff, participants, onParticipantsChange, participantsError, onEdit }: CreateEventStepProps) {
  const { basicForm, hostForm, detailsForm, paymentForm } = forms;
  const charities = useCharities();
  const charityName = charities.data?.flatMap((group) => group.charities).find((item) => item._id === basicForm.getValues('charityId'))?.name;
  return (
    <>
      {step === 0 && <BasicInfoStep form={basicForm} />}
      {step === 1 && (
        <BiographiesStep
          hostForm={hostForm}
          isRunoff={isRunoff}
          participants={participants}
          onParticipantsChange={onParticipantsChange}
          participantsError={participantsError}
        />
      )}
      {step === 2 && <EventGenreStep form={detailsForm} />}
      {step === 3 && (
        <SummaryStep
          basic={basicForm.getValues()}
          host={hostForm.getValues()}
          participants={participants}
          details={detailsForm.getValues()}
          charityName={charityName}
          onEdit={onEdit}
        />
      )}
      {step === 4 && <PaymentStep form={paymentForm} />}
    </>
  );
}
