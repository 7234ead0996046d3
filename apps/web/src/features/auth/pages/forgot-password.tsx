import { PASSWORD_RESET_MESSAGES } from '@pledgeway/domain/password-reset-messages';
import type { ForgotPasswordRequest } from '@pledgeway/domain/schemas/password-reset';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { lazyResolver } from '@/lib/lazy-resolver';
import { useForgotPassword } from '../api/forgot-password';
import { AuthHeading, AuthShell, AuthSwitch } from '../components/auth-shell';

const resolver = lazyResolver(() => import('../validation').then((module) => module.forgotPasswordResolver));

export default function ForgotPasswordPage() {
  useEffect(() => {
    document.title = 'Forgot Password — Pledgeway';
  }, []);
  const request = useForgotPassword();
  const [sent, setSent] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ForgotPasswordRequest>({ resolver, defaultValues: { email: '' } });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await request.mutateAsync(values);
      setSent(result.message || PASSWORD_RESET_MESSAGES.sent);
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Something went wrong. Please try again.');
    }
  });

  return (
    <AuthShell
      illustration="/images/hero-2.svg"
      headline="Back to your campaigns in a minute."
      points={['We e-mail you a link to choose a new password', 'The link works once and for one hour', 'Every other signed-in device is signed out']}
    >
      <AuthHeading title="Forgot Password" subtitle="Enter the e-mail of your account and we will send you a link to reset your password." />
      {sent ? (
        <div className="space-y-6">
          <Alert tone="success">{sent}</Alert>
          <p className="text-sm text-ink-600">Didn&apos;t get it? Check your spam folder, or try again in a minute.</p>
          <Button variant="outline" block onClick={() => setSent(null)}>
            Send another link
          </Button>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="space-y-5">
          {failure && <Alert tone="error">{failure}</Alert>}
          <Field label="Email" error={errors.email?.message} required>
            <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
          </Field>
          <Button type="submit" size="lg" block loading={isSubmitting} loadingText="Sending…">
            Send reset link
          </Button>
        </form>
      )}
      <AuthSwitch prompt="Remembered it?" to={paths.login} label="Back to Log In" />
    </AuthShell>
  );
}
