import { zodResolver } from '@hookform/resolvers/zod';
import { ProfileUpdateFields, type MyProfileResponse } from '@pledgeway/domain/schemas/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, PasswordInput, Textarea } from '@/components/ui/input';
import { FullPageSpinner } from '@/components/ui/spinner';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { setLoginBanner } from '@/lib/login-banner';
import { useMyProfile } from '@/lib/my-profile';
import { useUpdateProfile } from '../api/update-profile';
import { AvatarEditor } from '../components/avatar-editor';
import { IdentityStatus } from '../components/identity-status';

type FormInput = z.input<typeof ProfileUpdateFields>;
type ProfileData = MyProfileResponse['data'];

function toFormValues(profile: ProfileData): FormInput {
  return {
    name: profile.name,
    email: profile.email,
    occupation: profile.occupation,
    company_name: profile.company_name,
    description: profile.description,
    old_password: '',
    new_password: '',
    confirm_password: '',
  };
}

export default function MyProfilePage() {
  useEffect(() => {
    document.title = 'My Profile — Pledgeway';
  }, []);
  const profile = useMyProfile();

  if (profile.isPending) return <FullPageSpinner label="Loading profile" />;
  if (profile.isError) {
    const reason =
      profile.error instanceof ApiError && profile.error.message !== 'Unexpected error occurred' ? profile.error.message : 'Error fetching profile data';
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
  const auth = useAuth();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [image, setImage] = useState(profile.image);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<FormInput, unknown, ProfileUpdateFields>({ resolver: zodResolver(ProfileUpdateFields), defaultValues: toFormValues(profile) });
  const { errors, isSubmitting, isDirty } = form.formState;

  useEffect(() => setImage(profile.image), [profile.image]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await update.mutateAsync(values);
      if (result.passwordChanged) {
        // SPEC.md section 4: a password change logs out and shows the message on /login.
        setLoginBanner(result.message);
        auth.clear();
        navigate(paths.login, { replace: true });
        return;
      }
      auth.setUser(result.user);
      form.reset(toFormValues({ ...profile, ...result.user, about: result.user.description }));
      toast.success('Profile updated successfully');
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in form.getValues()) form.setError(field as keyof FormInput, { message });
        }
      }
      setFailure(error instanceof ApiError && error.message !== 'Unexpected error occurred' ? error.message : 'Error updating profile');
    }
  });

  function imageChanged(url: string) {
    setImage(url);
    if (auth.user) auth.setUser({ ...auth.user, image: url, profile_image: url });
  }

  return (
    <>
      <IdentityStatus status={profile.identity_status} />
      <form onSubmit={submit} noValidate className="space-y-6">
        {failure && <Alert tone="error">{failure}</Alert>}
        <section aria-labelledby="details-heading" className="card grid gap-8 p-5 sm:p-8 lg:grid-cols-[12rem_minmax(0,1fr)]">
          <AvatarEditor image={image} onChanged={imageChanged} />
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
        </section>

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
