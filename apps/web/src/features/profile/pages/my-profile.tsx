import { useEffect } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, PasswordInput, Textarea } from '@/components/ui/input';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useMyProfile } from '@/lib/my-profile';
import { serverMessage } from '@/lib/server-message';
import { AvatarEditor } from '../components/avatar-editor';
import { IdentityStatus } from '../components/identity-status';
import { StatementEmailsChoice } from '../components/statement-emails';
import { toFormValues, useProfileForm, type ProfileData } from '../hooks/use-profile-form';

export default function MyProfilePage() {
  useEffect(() => {
    document.title = 'My Profile — Pledgeway';
  }, []);
  const profile = useMyProfile();

  if (profile.isPending) return <FullPageSpinner label="Loading profile" />;
  if (profile.isError) {
    const reason = serverMessage(profile.error, 'Error fetching profile data');
    return (
      <ProfileFrame>
        <Alert tone="error" title={`Error loading profile: ${reason}`}>
          <button type="button" className="font-semibold underline" onClick={() => void profile.refetch()}>
            Try again
          </button>
        </Alert>
      </ProfileFrame>
    );
  }
  if (!profile.data?.data) {
    return (
      <ProfileFrame>
        <Alert tone="error">User data not available</Alert>
      </ProfileFrame>
    );
  }
  return (
    <ProfileFrame>
      <ProfileForm profile={profile.data.data} />
      <StatementEmailsChoice />
    </ProfileFrame>
  );
}

function ProfileFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold sm:text-3xl">My Profile</h1>
        <p className="mt-1 text-ink-600">Keep your details up to date; they are shown as the host of your campaigns.</p>
      </header>
      {children}
    </div>
  );
}

function ProfileForm({ profile }: { profile: ProfileData }) {
  const { form, submit, failure, image, imageChanged } = useProfileForm(profile);
  const { isSubmitting, isDirty } = form.formState;

  return (
    <>
      <IdentityStatus status={profile.identity_status} />
      <form onSubmit={submit} noValidate className="space-y-6">
        {failure && <Alert tone="error">{failure}</Alert>}
        <section aria-labelledby="details-heading" className="card grid gap-8 p-5 sm:p-8 lg:grid-cols-[12rem_minmax(0,1fr)]">
          <AvatarEditor image={image} onChanged={imageChanged} />
          <PersonalDetails form={form} />
        </section>
        <PasswordChange form={form} />
        <div className="flex flex-col-reverse gap-3 xs:flex-row xs:justify-end">
          <Button variant="outline" disabled={!isDirty || isSubmitting} onClick={() => form.reset(toFormValues(profile))}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} loadingText="Saving...">
            Save Changes
          </Button>
        </div>
      </form>
    </>
  );
}

type ProfileFormApi = ReturnType<typeof useProfileForm>['form'];

function PersonalDetails({ form }: { form: ProfileFormApi }) {
  const errors = form.formState.errors;
  return (
    <div className="space-y-5">
      <h2 id="details-heading" className="text-lg font-semibold">
        Personal details
      </h2>
      <div className="grid gap-5 md:grid-cols-2">
        <Field label="Name" required error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <Field label="Occupation" error={errors.occupation?.message} hint="Needed before you create a campaign">
          <Input autoComplete="organization-title" {...form.register('occupation')} />
        </Field>
        <Field label="Company name" error={errors.company_name?.message} hint="Needed before you create a campaign">
          <Input autoComplete="organization" {...form.register('company_name')} />
        </Field>
      </div>
      <Field label="About Myself" error={errors.description?.message}>
        <Textarea rows={5} {...form.register('description')} />
      </Field>
    </div>
  );
}

function PasswordChange({ form }: { form: ProfileFormApi }) {
  const errors = form.formState.errors;
  return (
    <section aria-labelledby="password-heading" className="card space-y-5 p-5 sm:p-8">
      <div>
        <h2 id="password-heading" className="text-lg font-semibold">
          Change password
        </h2>
        <p className="mt-1 text-sm text-ink-600">Leave these empty to keep your password. After a change you sign in again.</p>
      </div>
      <div className="grid gap-5 md:grid-cols-3">
        <Field label="Old password" error={errors.old_password?.message}>
          <PasswordInput autoComplete="current-password" {...form.register('old_password')} />
        </Field>
        <Field label="New password" error={errors.new_password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('new_password')} />
        </Field>
        <Field label="Confirm password" error={errors.confirm_password?.message}>
          <PasswordInput autoComplete="new-password" {...form.register('confirm_password')} />
        </Field>
      </div>
    </section>
  );
}
