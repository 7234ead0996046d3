import type { LoginRequest } from '@pledgeway/domain/schemas/auth';
import { useCallback, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, PasswordInput } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { lazyResolver } from '@/lib/lazy-resolver';
import { serverMessage } from '@/lib/server-message';
import { clearLoginBanner, LOGIN_BANNER_MS, readLoginBanner } from '@/lib/login-banner';
import { AuthHeading, AuthShell, AuthSwitch } from '../components/auth-shell';
import { useAuth } from '@/lib/auth';
import { useHydrated } from '@/lib/hydration';

// docs/product.md#8-messages: the server's message when it gave one, else this.
const LOGIN_FAILED = 'Login failed. Please try again.';

const resolver = lazyResolver(() => import('../validation').then((module) => module.loginResolver));

export default function LoginPage() {
  const auth = useAuth();
  // The banner is in this browser's storage: read once the page is hydrated, as the server cannot.
  const hydrated = useHydrated();
  const [dismissed, setDismissed] = useState(false);
  const banner = hydrated && !dismissed ? readLoginBanner() : null;
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<LoginRequest>({ resolver, defaultValues: { email: '', password: '' } });
  const { errors, isSubmitting } = form.formState;

  const dismissBanner = useCallback(() => {
    clearLoginBanner();
    setDismissed(true);
  }, []);

  // On success the guest-only route sends the user on (admin → /admin/dashboard, others → their
  // dashboard or the page they came from), so this page only handles failure.
  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      await auth.login(values.email, values.password);
    } catch (error) {
      setFailure(serverMessage(error, LOGIN_FAILED));
    }
  });

  return (
    <AuthShell
      illustration="/images/hero-1.svg"
      headline="Every pledge moves a cause forward."
      points={[
        'Pledges are charged only when the event happens',
        'Charged pledges are passed on to a charity',
        'Follow your campaigns and pledges in one place',
      ]}
    >
      <AuthHeading title="Log In" subtitle="Welcome back! Sign in to manage your campaigns and pledges." />
      <div className="space-y-3 empty:hidden">
        {banner && (
          <Alert tone="success" onDismiss={dismissBanner} autoDismissMs={LOGIN_BANNER_MS}>
            {banner}
          </Alert>
        )}
        {failure && <Alert tone="error">{failure}</Alert>}
      </div>
      <form noValidate onSubmit={submit} className="mt-6 space-y-5">
        <Field label="Email" error={errors.email?.message} required>
          <Input type="email" autoComplete="email" placeholder="you@example.com" {...form.register('email')} />
        </Field>
        <Field
          label="Password"
          error={errors.password?.message}
          required
          labelAside={
            <Link to={paths.forgotPassword} className="rounded text-sm font-semibold text-ink-700 underline-offset-4 hover:text-ink-900 hover:underline">
              Forgot Password?
            </Link>
          }
        >
          <PasswordInput autoComplete="current-password" placeholder="Your password" {...form.register('password')} />
        </Field>
        <Button type="submit" size="lg" block loading={isSubmitting} loadingText="Logging in…">
          Log In
        </Button>
      </form>
      <AuthSwitch prompt="Don't have an account?" to={paths.register} label="Create one" />
    </AuthShell>
  );
}
