import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { EventDetailsStep, type EventDetailsStep as DetailsOutput, type EventDetailsStepInput } from '@pledgeway/domain/schemas/event-create';
import {
  PracticeBasicInfo,
  PracticeHost,
  PracticeParticipant,
  type PracticeBasicInfoInput,
  type PracticeHostInput,
  type PracticeParticipantInput,
} from '@pledgeway/domain/schemas/practice';

/** The practice campaign's forms; they live as long as the page, so each step keeps what was typed. */
export function usePracticeForms() {
  const basic = useForm<PracticeBasicInfoInput>({
    resolver: zodResolver(PracticeBasicInfo),
    mode: 'onTouched',
    defaultValues: { eventName: '', eventDescription: '', categories: [], targetAmount: '', bannerImage: '' },
  });
  const host = useForm<PracticeHostInput>({
    resolver: zodResolver(PracticeHost),
    mode: 'onTouched',
    defaultValues: { fullName: '', about: '', occupation: '', aboutYou: '', profileImage: '' },
  });
  const guest = useForm<PracticeParticipantInput>({
    resolver: zodResolver(PracticeParticipant),
    mode: 'onTouched',
    defaultValues: { fullName: '', about: '', profileImage: '' },
  });
  const details = useForm<EventDetailsStepInput, unknown, DetailsOutput>({
    resolver: zodResolver(EventDetailsStep),
    mode: 'onTouched',
    defaultValues: { locationType: 'physical', eventDate: '', eventTime: '', eventLocation: '', onlineEventLink: '' },
  });
  return { basic, host, guest, details };
}

export type PracticeForms = ReturnType<typeof usePracticeForms>;
