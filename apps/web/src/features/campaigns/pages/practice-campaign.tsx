import { useState } from 'react';
import { Link } from 'react-router';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import type { PracticeParticipantInput } from '@pledgeway/domain/schemas/practice';
import { Alert } from '@/components/ui/alert';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { PracticeBasicFields } from '../components/practice/practice-basic-fields';
import { PracticeBiographies } from '../components/practice/practice-biographies';
import { PracticePreview } from '../components/practice/practice-preview';
import { PracticeSummary } from '../components/practice/practice-summary';
import { usePracticeForms } from '../components/practice/use-practice-forms';
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
  const { basic, host, guest, details } = usePracticeForms();

  const canAdvance = [basic.formState.isValid, host.formState.isValid, true, true][step] ?? true;

  async function next() {
    const ok = step === 0 ? await basic.trigger() : step === 1 ? await host.trigger() : true;
    if (!ok) return setError(EVENT_MESSAGES.stepIncomplete);
    setError(null);
    if (step === STEPS.length - 1) setPreview(true);
    else setStep(step + 1);
  }

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
            {step === 0 && <PracticeBasicFields basic={basic} />}
            {step === 1 && <PracticeBiographies host={host} guest={guest} participants={participants} onParticipantsChange={setParticipants} />}
            {step === 2 && <EventGenreStep form={details} />}
            {step === 3 && <PracticeSummary basic={basic} host={host} participants={participants} />}
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
