import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useState } from 'react';
import { useController, useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { CreateFundraisingPageRequest, PAGE_SLUG_MAX_CHARS, type CreateFundraisingPageRequestInput } from '@pledgeway/domain/schemas/fundraising-pages';
import { ConfirmEmailNotice } from '@/components/account/confirm-email-notice';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useAuth } from '@/lib/auth';
import { useOrigin } from '@/lib/hydration';
import { useEvent } from '../api/get-event';
import { useStartFundraisingPage } from '../api/start-fundraising-page';
import { PageStoryFields } from '../components/fundraising/page-story-fields';
import { fundraisingPageDraftStore } from '../lib/fundraising-page-draft';

type Values = CreateFundraisingPageRequestInput;
const FIELDS = ['title', 'story', 'target_amount', 'slug', 'image'] as const;

/** A link suggestion from the person's name and the campaign's: lowercase words and hyphens. */
function suggestSlug(...parts: string[]): string {
  const words = parts
    .join(' ')
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return words.slice(0, PAGE_SLUG_MAX_CHARS).replace(/-+$/, '');
}

function useStartPageForm(eventId: string, defaults: Values) {
  const start = useStartFundraisingPage(eventId);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, CreateFundraisingPageRequest>({
    resolver: zodResolver(CreateFundraisingPageRequest),
    defaultValues: { ...defaults, ...fundraisingPageDraftStore.load(eventId) },
  });
  // The typed text survives a reload of the tab (the page is signed-in only, so never rendered on the server).
  const [title = '', story = '', target_amount = '', slug = ''] = useWatch({ control: form.control, name: ['title', 'story', 'target_amount', 'slug'] });
  useEffect(() => fundraisingPageDraftStore.save(eventId, { title, story, target_amount, slug }), [eventId, title, story, target_amount, slug]);
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await start.mutateAsync(values);
      fundraisingPageDraftStore.clear(eventId);
      toast.success(answer.message);
      navigate(paths.fundraiser(answer.data.slug));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      for (const field of FIELDS) if (fields[field]) form.setError(field, { message: fields[field] });
      if (!FIELDS.some((field) => fields[field])) setFailure(error instanceof Error ? error.message : 'Your page could not be started. Please try again.');
    }
  });
  return { form, submit, failure };
}

function StartPageForm({ eventId, eventName, defaults }: { eventId: string; eventName: string; defaults: Values }) {
  const { form, submit, failure } = useStartPageForm(eventId, defaults);
  const { errors, isSubmitting } = form.formState;
  const origin = useOrigin();
  const slug = useWatch({ control: form.control, name: 'slug' });
  const image = useController({ control: form.control, name: 'image' });
  return (
    <form noValidate onSubmit={(formEvent) => void submit(formEvent)} className="card grid grid-cols-1 gap-5 p-6 sm:p-8">
      {failure && <Alert tone="error">{failure}</Alert>}
      <PageStoryFields
        eventName={eventName}
        fields={{ title: form.register('title'), story: form.register('story'), target: form.register('target_amount') }}
        errors={{ title: errors.title?.message, story: errors.story?.message, target: errors.target_amount?.message, image: errors.image?.message }}
        image={{ value: image.field.value ?? '', onChange: image.field.onChange }}
      />
      <Field label="Your link" required error={errors.slug?.message} hint={`${origin}${paths.fundraiser(slug?.trim().toLowerCase() || 'your-link')}`}>
        <Input {...form.register('slug')} autoCapitalize="none" spellCheck={false} />
      </Field>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={isSubmitting} loadingText="Starting your page…">
          Start my page
        </Button>
        <Link to={paths.event(eventId)} className={buttonClasses({ variant: 'outline' })}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** /user/fundraising-pages/new/{eventId}: a signed-in supporter starts their own page under a live campaign. */
export default function StartFundraisingPage() {
  const { eventId = '' } = useParams();
  const { user } = useAuth();
  const event = useEvent(eventId);
  if (event.isPending) return <FullPageSpinner label="Loading campaign" />;
  if (event.isError) return <Alert tone="error">{event.error.message || 'Failed to load event details'}</Alert>;
  const campaign = event.data;
  const defaults: Values = { title: '', story: '', target_amount: '', slug: suggestSlug(user?.name ?? '', campaign.name), image: '' };
  return (
    <div className="mx-auto grid max-w-2xl grid-cols-1 gap-6">
      <header>
        <h1 className="text-2xl font-bold md:text-3xl">Start a fundraising page</h1>
        <p className="mt-2 text-ink-600">
          Raise money for <span className="font-semibold">{campaign.name}</span> with your own page and story. Pledges made through your page go to the campaign
          and its charity, count in its total, and show on your page. You can see who supported you on your fundraising pages.
        </p>
      </header>
      {user && !user.email_confirmed ? (
        // The server refuses a page from an unconfirmed address (decision 095): say so instead of a form it would refuse.
        <ConfirmEmailNotice action="startFundraisingPage" />
      ) : campaign.status === 'approved' ? (
        <StartPageForm eventId={eventId} eventName={campaign.name} defaults={defaults} />
      ) : (
        <Alert tone="info">Fundraising pages can be started only while the campaign is live.</Alert>
      )}
    </div>
  );
}
