import { AUTH_MESSAGES } from '@pledgeway/domain/auth-messages';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, PasswordInput } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { lazyResolver } from '@/lib/lazy-resolver';
import { ApiError } from '@/lib/api-client';
import { setLoginBanner } from '@/lib/login-banner';
import { postRegister } from '../api/register';
import { AuthHeading, AuthShell } from '../components/auth-shell';
import { AvatarChoice } from '../components/avatar-choice';

const REGISTRATION_FAILED = 'Registration failed!';

/** SPEC.md section 8: an alert with the server's error, else "Registration failed!". */
function registrationErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.message !== 'Unexpected error occurred' ? error.message : REGISTRATION_FAILED;
}

const resolver = lazyResolver(() => import('../validation').then((module) => module.registerResolver));

export default function RegisterPage() {
  const navigate = useNavigate();
  const [image, setImage] = useState<Blob | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', useDefaultAvatar: false },
  });
  const { errors, isSubmitting } = form.formState;
  const useDefaultAvatar = useWatch({ control: form.control, name: 'useDefaultAvatar' });

  /** The image is not part of the schema (it is a file); checked with the rest on every submit. */
  function checkImage(): boolean {
    const missing = !form.getValues('useDefaultAvatar') && !image;
    if (missing) setImageError(AUTH_MESSAGES.uploadImage);
    return !missing;
  }

  /**
   * SPEC.md: a mismatch gets a browser alert as well as the inline message. The schema only
   * compares the passwords once every other field is valid, so the comparison is made here too.
   */
  function checkPasswordsMatch(): boolean {
    const { password, confirmPassword } = form.getValues();
    if (!password || !confirmPassword || password === confirmPassword) return true;
    form.setError('confirmPassword', { message: AUTH_MESSAGES.passwordsDontMatch });
    window.alert(AUTH_MESSAGES.passwordsDontMatch);
    return false;
  }

  const submit = form.handleSubmit(
    async (values) => {
      if (!checkImage() || !checkPasswordsMatch()) return;
      setFailure(null);
      try {
        await postRegister({
          name: values.name,
          email: values.email,
          password: values.password,
          image: image ?? undefined,
          useDefaultAvatar: values.useDefaultAvatar,
        });
        setLoginBanner(AUTH_MESSAGES.registrationSuccess);
        navigate(paths.login);
      } catch (error) {
        const message = registrationErrorMessage(error);
        if (error instanceof ApiError) {
          for (const field of ['name', 'email', 'password'] as const) {
            const fieldMessage = error.fields[field];
            if (fieldMessage) form.setError(field, { message: fieldMessage });
          }
          if (error.fields.image) setImageError(error.fields.image);
        }
        setFailure(message);
        window.alert(message);
      }
    },
    () => {
      checkImage();
      checkPasswordsMatch();
    },
  );

  return (
    <AuthShell
      illustration="/images/hero-2.svg"
      headline="Start something worth pledging for."
      points={[
        'Create event promotions, money bombs and runoff competitions',
        'Supporters are charged only when the event is completed',
        'Every charged pledge is passed on to a charity',
      ]}
    >
      <AuthHeading title="Create Account" subtitle="Join Pledgeway to create campaigns and support the causes you care about." />
      {failure && (
        <Alert tone="error" className="mb-6">
          {failure}
        </Alert>
      )}
      <form noValidate onSubmit={submit} className="space-y-5">
        <Field label="Name" error={errors.name?.message} required>
          <Input autoComplete="name" placeholder="Your full name" {...form.register('name')} />
        </Field>
        <Field label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
        </Field>
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label="Password" error={errors.password?.message} hint="At least 8 characters" required>
            <PasswordInput autoComplete="new-password" {...form.register('password')} />
          </Field>
          <Field label="Re-type Password" error={errors.confirmPassword?.message} required>
            <PasswordInput autoComplete="new-password" {...form.register('confirmPassword')} />
          </Field>
        </div>
        <AvatarChoice
          useDefault={useDefaultAvatar}
          onUseDefaultChange={(value) => {
            form.setValue('useDefaultAvatar', value);
            if (value) setImageError(undefined);
          }}
          image={image}
          onImageChange={setImage}
          error={imageError}
          onError={setImageError}
        />
        <Button type="submit" size="lg" block loading={isSubmitting} loadingText="Creating account…">
          Create Account
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-ink-600">
        Already have an account?{' '}
        <Link
          to={paths.login}
          className="rounded font-semibold text-ink-900 underline decoration-brand-500 decoration-2 underline-offset-4 hover:decoration-ink-900"
        >
          Log in
        </Link>
      </p>
    </AuthShell>
  );
}
