import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useController, useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'sonner';
import { UpdateFundraisingPageRequest, type MyFundraisingPage, type UpdateFundraisingPageRequestInput } from '@pledgeway/domain/schemas/fundraising-pages';
import { Alert } from '@/components/ui/alert';
import { Button, buttonClasses } from '@/components/ui/button';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { useOrigin } from '@/lib/hydration';
import { useMyFundraisingPages } from '../api/get-my-fundraising-pages';
import { useUpdateFundraisingPage } from '../api/update-fundraising-page';
import { PageStoryFields } from '../components/fundraising/page-story-fields';

type Values = UpdateFundraisingPageRequestInput;
const FIELDS = ['title', 'story', 'target_amount', 'image'] as const;

function EditPageForm({ page }: { page: MyFundraisingPage }) {
  const update = useUpdateFundraisingPage(page._id, page.event_id);
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<Values, unknown, UpdateFundraisingPageRequest>({
    resolver: zodResolver(UpdateFundraisingPageRequest),
    defaultValues: { title: page.title, story: page.story, target_amount: String(page.target_amount), image: page.image },
  });
  const image = useController({ control: form.control, name: 'image' });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      // The picture is sent only when it changed: a new crop, or removed.
      const answer = await update.mutateAsync({ ...values, image: values.image === page.image ? undefined : values.image });
      toast.success(answer.message);
      navigate(paths.fundraiser(answer.data.slug));
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      for (const field of FIELDS) if (fields[field]) form.setError(field, { message: fields[field] });
      if (!FIELDS.some((field) => fields[field])) setFailure(error instanceof Error ? error.message : 'Your page could not be saved. Please try again.');
    }
  });
  return (
    <form noValidate onSubmit={(formEvent) => void submit(formEvent)} className="card grid grid-cols-1 gap-5 p-6 sm:p-8">
      {failure && <Alert tone="error">{failure}</Alert>}
      <PageStoryFields
        eventName={page.event.name}
        fields={{ title: form.register('title'), story: form.register('story'), target: form.register('target_amount') }}
        errors={{ title: errors.title?.message, story: errors.story?.message, target: errors.target_amount?.message, image: errors.image?.message }}
        image={{ value: image.field.value ?? '', onChange: image.field.onChange, removable: true }}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={isSubmitting} loadingText="Saving your page…">
          Save my page
        </Button>
        <Link to={paths.user.fundraisingPages} className={buttonClasses({ variant: 'outline' })}>
          Cancel
        </Link>
      </div>
    </form>
  );
}

/** /user/fundraising-pages/edit/{pageId}: the owner edits their page's title, story, target and picture; its link stays. */
export default function EditFundraisingPage() {
  const { pageId = '' } = useParams();
  const origin = useOrigin();
  const query = useMyFundraisingPages();
  if (query.isPending) return <FullPageSpinner label="Loading your page" />;
  if (query.isError) return <Alert tone="error">{query.error.message || 'Your page could not be loaded.'}</Alert>;
  const page = query.data.find((mine) => mine._id === pageId);
  return (
    <div className="mx-auto grid max-w-2xl grid-cols-1 gap-6">
      <header>
        <h1 className="text-2xl font-bold md:text-3xl">Edit your fundraising page</h1>
        {page && (
          <p className="mt-2 text-ink-600">
            For <span className="font-semibold">{page.event.name}</span>. Its link stays{' '}
            <span className="font-semibold break-all">
              {origin}
              {paths.fundraiser(page.slug)}
            </span>
            , so what you have already shared keeps working.
          </p>
        )}
      </header>
      {page ? (
        <EditPageForm page={page} />
      ) : (
        <Alert tone="error">
          This is not one of your fundraising pages: only the person who started a page can edit it. See{' '}
          <Link to={paths.user.fundraisingPages} className="font-semibold underline">
            My Fundraising Pages
          </Link>
          .
        </Alert>
      )}
    </div>
  );
}
