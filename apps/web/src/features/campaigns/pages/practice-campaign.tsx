import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { EventDetailsStep, type EventDetailsStep as DetailsOutput, type EventDetailsStepInput } from '@pledgeway/domain/schemas/event-create';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import {
  PracticeBasicInfo,
  PracticeHost,
  PracticeParticipant,
  type PracticeBasicInfoInput,
  type PracticeHostInput,
  type PracticeParticipantInput,
} from '@pledgeway/domain/schemas/practice';
import { Alert } from '@/components/ui/alert';
import { Avatar } from '@/components/ui/avatar';
import { buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { TrashIcon } from '@/components/ui/icons';
import { Input, Textarea } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { CategoriesInput } from '../components/categories-input';
import { DescriptionInput } from '../components/description-input';
import { ImagePicker } from '../components/image-picker';
import { PracticePreview } from '../components/practice/practice-preview';
import { AmountInput } from '../components/amount-input';
import { EventGenreStep } from '../components/wizard/event-genre-step';
import { WizardNav } from '../components/wizard/wizard-nav';
import { WizardStepper } from '../components/wizard/wizard-stepper';

const STEPS = ['Create Event', 'Biographies', 'Event Genre', 'Event Summary'] as const;

/** /user/events/practice-campaign: four steps and a preview; nothing reaches the server. */
export default function PracticeCampaignPage() {
  const [step, setStep] = useState(0);
  const [preview, setPreview] = useState(false);
  const [participants, setParticipants] = useState<PracticeParticipantInput[]>([]);
  const [error, setError] = useState<string | null>(null);
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
  const be = basic.formState.errors;
  const he = host.formState.errors;
  const ge = guest.formState.errors;

  const canAdvance = [basic.formState.isValid, host.formState.isValid, true, true][step] ?? true;

  async function next() {
    const ok = step === 0 ? await basic.trigger() : step === 1 ? await host.trigger() : true;
    if (!ok) return setError(EVENT_MESSAGES.stepIncomplete);
    setError(null);
    if (step === STEPS.length - 1) setPreview(true);
    else setStep(step + 1);
  }

  const addGuest = guest.handleSubmit(
    (values) => {
      setParticipants((current) => [...current, values]);
      guest.reset();
      toast.success(EVENT_MESSAGES.participantAdded);
    },
    () => toast.error(EVENT_MESSAGES.participantsFillAll),
  );

  return (
    <div className="container-page max-w-5xl py-8 md:py-12">
      <div className="mb-8 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">Try it out</p>
          <h1 className="mt-1 text-3xl font-bold md:text-4xl">Practice Campaign</h1>
          <p className="mt-2 text-ink-600">Build a campaign and preview it. Nothing is saved or sent.</p>
        </div>
        <Link to={paths.user.dashboard} className={buttonClasses({ variant: 'outline' })}>
          Exit
        </Link>
      </div>
      <div className="card p-5 sm:p-8">
        {preview ? (
          <>
            <PracticePreview basic={basic.getValues()} host={host.getValues()} participants={participants} details={details.getValues()} />
            <div className="mt-8 flex flex-wrap justify-between gap-3 border-t border-ink-100 pt-6">
              <button type="button" className="btn btn-outline" onClick={() => setPreview(false)}>
                Back to editing
              </button>
              <Link to={paths.user.dashboard} className={buttonClasses({ variant: 'dark' })}>
                Exit
              </Link>
            </div>
          </>
        ) : (
          <>
            <WizardStepper steps={STEPS} current={step} />
            <h2 className="mt-8 mb-6 text-2xl font-bold">
              Step {step + 1}: {STEPS[step]}
            </h2>
            {error && (
              <Alert tone="error" className="mb-6" onDismiss={() => setError(null)}>
                {error}
              </Alert>
            )}
            {step === 0 && (
              <div className="grid gap-6">
                <Field label="Event name" required error={be.eventName?.message}>
                  <Input {...basic.register('eventName')} />
                </Field>
                <Field label="Categories" required error={be.categories?.message} hint="Press Enter after each category.">
                  <Controller
                    control={basic.control}
                    name="categories"
                    render={({ field }) => <CategoriesInput value={(field.value as string[]) ?? []} onChange={field.onChange} onBlur={field.onBlur} />}
                  />
                </Field>
                <Field label="Description" required error={be.eventDescription?.message}>
                  <Controller
                    control={basic.control}
                    name="eventDescription"
                    render={({ field }) => <DescriptionInput value={field.value ?? ''} onChange={field.onChange} onBlur={field.onBlur} />}
                  />
                </Field>
                <Field label="Target amount (USD)" required error={be.targetAmount?.message}>
                  <AmountInput control={basic.control} name="targetAmount" />
                </Field>
                <Controller
                  control={basic.control}
                  name="bannerImage"
                  render={({ field }) => (
                    <ImagePicker
                      label="Banner image"
                      required
                      shape="banner"
                      aspect={4 / 3}
                      value={field.value ?? ''}
                      onChange={(url) => field.onChange(url)}
                      onBlur={field.onBlur}
                      error={be.bannerImage?.message}
                    />
                  )}
                />
              </div>
            )}
            {step === 1 && (
              <div className="grid gap-8">
                <div className="grid gap-4 md:grid-cols-2">
                  <Field label="Your full name" required error={he.fullName?.message}>
                    <Input {...host.register('fullName')} />
                  </Field>
                  <Field label="About (title)" required error={he.about?.message}>
                    <Input placeholder="Organizer" {...host.register('about')} />
                  </Field>
                  <Field label="Occupation" required error={he.occupation?.message}>
                    <Input {...host.register('occupation')} />
                  </Field>
                  <Controller
                    control={host.control}
                    name="profileImage"
                    render={({ field }) => <ImagePicker label="Your image" value={field.value ?? ''} onChange={(url) => field.onChange(url)} maxWidth={600} />}
                  />
                  <Field className="md:col-span-2" label="About you">
                    <Textarea rows={3} {...host.register('aboutYou')} />
                  </Field>
                </div>
                <section aria-labelledby="practice-people" className="grid gap-4">
                  <h3 id="practice-people" className="text-lg font-semibold">
                    Participants ({participants.length})
                  </h3>
                  {participants.map((person, index) => (
                    <div key={`${person.fullName}-${index}`} className="flex items-center gap-3 rounded-xl border border-ink-100 p-3">
                      <Avatar src={person.profileImage || undefined} className="size-10" />
                      <span className="flex-1 font-semibold">
                        {person.fullName} <span className="font-normal text-ink-500">· {person.about}</span>
                      </span>
                      <button
                        type="button"
                        aria-label={`Remove ${person.fullName}`}
                        className="grid size-10 place-items-center rounded-full text-danger-600 hover:bg-red-50"
                        onClick={() => setParticipants(participants.filter((_, i) => i !== index))}
                      >
                        <TrashIcon className="size-5" />
                      </button>
                    </div>
                  ))}
                  <div className="grid gap-4 rounded-2xl border border-dashed border-ink-200 p-4 md:grid-cols-2">
                    <Field label="Participant name" required error={ge.fullName?.message}>
                      <Input {...guest.register('fullName')} />
                    </Field>
                    <Field label="About (role)" required error={ge.about?.message}>
                      <Input {...guest.register('about')} />
                    </Field>
                    <Controller
                      control={guest.control}
                      name="profileImage"
                      render={({ field }) => (
                        <ImagePicker label="Participant image" value={field.value ?? ''} onChange={(url) => field.onChange(url)} maxWidth={600} />
                      )}
                    />
                    <div className="flex items-end justify-end">
                      <button type="button" className="btn btn-dark" onClick={() => void addGuest()}>
                        Add participant
                      </button>
                    </div>
                  </div>
                </section>
              </div>
            )}
            {step === 2 && <EventGenreStep form={details} />}
            {step === 3 && (
              <div className="grid gap-2 text-ink-700">
                <p className="text-lg font-semibold text-ink-900">{basic.getValues('eventName')}</p>
                <p>Target: ${String(basic.getValues('targetAmount'))}</p>
                <p>Host: {host.getValues('fullName')}</p>
                <p>Participants: {participants.length}</p>
                <p>Press Preview to see the campaign page as supporters would.</p>
              </div>
            )}
            <WizardNav
              step={step}
              last={STEPS.length - 1}
              canAdvance={canAdvance}
              finalLabel="Preview"
              backLabel="Prev"
              onBack={() => setStep(Math.max(0, step - 1))}
              onNext={() => void next()}
            />
          </>
        )}
      </div>
    </div>
  );
}
