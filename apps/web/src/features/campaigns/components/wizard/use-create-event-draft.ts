import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback, useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import {
  BasicInfoStep as BasicInfoSchema,
  EventDetailsStep as EventDetailsSchema,
  HostStep as HostSchema,
  PaymentStep as PaymentSchema,
  TEST_MODE_VALUES,
  type BasicInfoStep as BasicOutput,
  type BasicInfoStepInput,
  type EventDetailsStep as DetailsOutput,
  type EventDetailsStepInput,
  type HostStep as HostOutput,
  type HostStepInput,
  type ParticipantDraftInput,
  type PaymentStep as PaymentOutput,
  type PaymentStepInput,
} from '@pledgeway/domain/schemas/event-create';
import type { MyProfileResponse } from '@pledgeway/domain/schemas/auth';
import { wizardDraftStore, type WizardDraft } from '../../hooks/use-wizard-draft';

export type Profile = MyProfileResponse['data'];

export function initialDraft(profile: Profile): WizardDraft {
  const saved = wizardDraftStore.load();
  // Name and e-mail always come from the profile: they are read-only in the host block.
  // The public contact e-mail starts empty: nothing is shown unless the host fills it in (decision 155).
  const host = {
    about: '',
    occupation: profile.occupation,
    companyName: profile.company_name,
    contactEmail: '',
    aboutYou: profile.description,
    profileImage: '',
  };
  return {
    step: saved?.step ?? 0,
    basicInfo: saved?.basicInfo ?? {
      eventName: '',
      eventDescription: '',
      categories: [],
      targetAmount: '',
      bannerImage: '',
      documents: [],
      kind: 'event',
      fundingModel: 'all_donations',
      charityId: '',
      donationLimit: '',
      startDate: '',
      durationDays: '30',
      runoffWinBy: null,
      runoffFixedAmount: '',
      runoffChargeablePlaces: 'all',
    },
    hostData: { ...host, ...saved?.hostData, fullName: profile.name, email: profile.email },
    participants: saved?.participants ?? [],
    eventDetails: saved?.eventDetails ?? { locationType: 'physical', eventDate: '', eventTime: '', eventLocation: '', onlineEventLink: '' },
    paymentInfo: saved?.paymentInfo ?? {
      testMode: true,
      paymentMethod: '',
      cardHolderName: '',
      cardNumber: '',
      expiryDate: '',
      cvv: '',
      amount: TEST_MODE_VALUES.amount,
    },
  };
}

/**
 * One form per step that has fields, each filled from the saved draft; every change is saved back
 * (debounced) until the wizard completes, and the draft is dropped when the wizard is left.
 */
export function useCreateEventDraft(initial: WizardDraft, step: number, participants: ParticipantDraftInput[]) {
  const basicForm = useForm<BasicInfoStepInput, unknown, BasicOutput>({
    resolver: zodResolver(BasicInfoSchema),
    mode: 'onTouched',
    defaultValues: initial.basicInfo,
  });
  const hostForm = useForm<HostStepInput, unknown, HostOutput>({ resolver: zodResolver(HostSchema), mode: 'onTouched', defaultValues: initial.hostData });
  const detailsForm = useForm<EventDetailsStepInput, unknown, DetailsOutput>({
    resolver: zodResolver(EventDetailsSchema),
    mode: 'onTouched',
    defaultValues: initial.eventDetails,
  });
  const paymentForm = useForm<PaymentStepInput, unknown, PaymentOutput>({
    resolver: zodResolver(PaymentSchema),
    mode: 'onTouched',
    defaultValues: initial.paymentInfo,
  });

  const saveTimer = useRef<number | undefined>(undefined);
  const completedRef = useRef(false);
  const snapshot = useCallback(
    (): WizardDraft => ({
      step,
      basicInfo: basicForm.getValues(),
      hostData: hostForm.getValues(),
      participants,
      eventDetails: detailsForm.getValues(),
      paymentInfo: paymentForm.getValues(),
    }),
    [step, participants, basicForm, hostForm, detailsForm, paymentForm],
  );
  useEffect(() => {
    const schedule = () => {
      window.clearTimeout(saveTimer.current);
      saveTimer.current = window.setTimeout(() => !completedRef.current && wizardDraftStore.save(snapshot()), 250);
    };
    schedule();
    const onValues = { formState: { values: true }, callback: schedule } as const;
    const unsubscribes = [basicForm.subscribe(onValues), hostForm.subscribe(onValues), detailsForm.subscribe(onValues), paymentForm.subscribe(onValues)];
    return () => {
      unsubscribes.forEach((unsubscribe) => unsubscribe());
      window.clearTimeout(saveTimer.current);
    };
  }, [snapshot, basicForm, hostForm, detailsForm, paymentForm]);
  useEffect(() => () => wizardDraftStore.clear(), []);

  return { forms: { basicForm, hostForm, detailsForm, paymentForm }, snapshot, completedRef };
}

export type CreateEventForms = ReturnType<typeof useCreateEventDraft>['forms'];
