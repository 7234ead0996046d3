import { lazy, Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, PasswordInput } from '@/components/ui/input';
import { paths } from '@/config/paths';
import { AuthHeading, AuthShell, AuthSwitch } from '../components/auth-shell';
import { AvatarChoice } from '../components/avatar-choice';
import { useRegisterForm } from '../hooks/use-register-form';

// Shown only after a failed submit (which the browser's alert also announces): loaded then, which
// keeps the page within its initial-JavaScript budget (docs/architecture.md#budgets).
const Alert = lazy(() => import('@/components/ui/alert').then((module) => ({ default: module.Alert })));

export default function RegisterPage() {
  const { form, failure, submit, avatar } = useRegisterForm();
  const { errors, isSubmitting } = form.formState;

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
        <Suspense fallback={null}>
          <Alert tone="error" className="mb-6">
            {failure}
          </Alert>
        </Suspense>
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
        <AvatarChoice {...avatar} />
        <Button type="submit" size="lg" block loading={isSubmitting} loadingText="Creating account…">
          Create Account
        </Button>
      </form>
      <AuthSwitch prompt="Already have an account?" to={paths.login} label="Log in" />
    </AuthShell>
  );
}
