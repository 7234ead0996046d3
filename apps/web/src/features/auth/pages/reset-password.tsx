import { PASSWORD_RESET_MESSAGES } from '@pledgeway/domain/password-reset-messages';
import type { ResetPasswordForm } from '@pledgeway/domain/schemas/password-reset';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { PasswordInput } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { lazyResolver } from '@/lib/lazy-resolver';
import { ApiError } from '@/lib/api-client';
import { setLoginBanner } from '@/lib/login-banner';
import { useResetPassword } from '../api/reset-password';
import { AuthHeading, AuthShell } from '../components/auth-shell';
import { useAuth } from '@/lib/auth';

const resolver = lazyResolver(() => import('../validation').then((module) => module.resetPasswordResolver));

export default function ResetPasswordPage() {
  useEffect(() => {
    document.title = 'Reset Password — Pledgeway';
  }, []);
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const auth = useAuth();
  const reset = useResetPassword();
  const [failure, setFailure] = useState<string | null>(token ? null : PASSWORD_RESET_MESSAGES.invalidToken);
  const form = useForm<ResetPasswordForm>({ resolver, defaultValues: { new_password: '', confirm_password: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await reset.mutateAsync({ token, new_password: values.new_password });
      // Every session ended on the server; this browser signs in again too.
      setLoginBanner(result.message);
      if (auth.status === 'authenticated') auth.clear();
      navigate(paths.login, { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fields.new_password) form.setError('new_password', { message: error.fields.new_password });
      else setFailure(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  });

  return (
    <AuthShell
      illustration="/images/hero-2.svg"
      headline="A fresh password, a fresh start."
      points={['At least 8 characters', 'Avoid common words and patterns', 'You will sign in again with the new password']}
    >
      <AuthHeading title="Reset Password" subtitle="Choose a new password for your account." />
      <form noValidate onSubmit={submit} className="space-y-5">
        {failure && (
          <Alert tone="error">
            {failure}{' '}
            {failure === PASSWORD_RESET_MESSAGES.invalidToken && (
              <Link to={paths.forgotPassword} className="font-semibold underline">
                Request a new link
              </Link>
            )}
          </Alert>
        )}
        <Field label="New password" error={errors.new_password?.message} required>
          <PasswordInput autoComplete="new-password" {...form.register('new_password')} />
        </Field>
        <Field label="Confirm password" error={errors.confirm_password?.message} required>
          <PasswordInput autoComplete="new-password" {...form.register('confirm_password')} />
        </Field>
        <Button type="submit" size="lg" block loading={isSubmitting} loadingText="Saving…" disabled={!token}>
          Set new password
        </Button>
      </form>
    </AuthShell>
  );
}
