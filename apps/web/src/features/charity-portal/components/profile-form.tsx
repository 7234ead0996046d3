import { useState, type FormEvent } from 'react';
import { CharityProfileFields, type CharityProfile, type ProfileChange } from '@pledgeway/domain/schemas/charity-portal';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { formatDate, mediaUrl } from '@/lib/format';
import { useSaveProfile } from '@/lib/charity-portal';

type Errors = Partial<Record<'description' | 'link' | 'legal_name' | 'registration_number' | 'address' | 'logo', string>>;

/**
 * The charity's public profile and the details receipts print (decision 137), proposed by a
 * representative and live once an admin approves (decision 176). A pending change fills the form,
 * so a second edit continues the first (and replaces it).
 */
export function ProfileForm({ profile: live, pending }: { profile: CharityProfile; pending: ProfileChange | null }) {
  const profile = pending ? { ...live, ...pending.proposed } : live;
  const save = useSaveProfile(profile._id);
  const [errors, setErrors] = useState<Errors>({});
  const [result, setResult] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setResult(null);
    const form = new FormData(event.currentTarget);
    const fields = Object.fromEntries(['description', 'link', 'legal_name', 'registration_number', 'address'].map((key) => [key, String(form.get(key) ?? '')]));
    const checked = CharityProfileFields.safeParse(fields);
    if (!checked.success) {
      setErrors(Object.fromEntries(checked.error.issues.map((issue) => [String(issue.path[0]), issue.message])));
      return;
    }
    setErrors({});
    const logo = form.get('logo');
    if (logo instanceof File && logo.size === 0) form.delete('logo');
    try {
      const answer = await save.mutateAsync(form);
      setResult({ tone: 'success', text: answer.message });
    } catch (error) {
      if (error instanceof ApiError && error.data?.fields) setErrors(error.data.fields as Errors);
      setResult({ tone: 'error', text: error instanceof Error ? error.message : 'The profile change could not be sent. Please try again.' });
    }
  }

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="card space-y-5 p-5 sm:p-6" aria-labelledby="profile-heading">
      <div>
        <h2 id="profile-heading" className="text-lg font-semibold">
          Public profile and receipt details
        </h2>
        <p className="mt-1 text-sm text-ink-600">
          The description, website and logo appear on /charities. The legal name, registration number and address are printed on every receipt and yearly
          statement as the recipient.
        </p>
      </div>
      {pending && (
        <Alert tone="info" title="Waiting for an admin’s approval">
          <p>
            Sent {formatDate(pending.created_at)}
            {pending.proposed_by ? ` by ${pending.proposed_by}` : ''}. The form shows the change; /charities and receipts still show the current details until
            an admin approves it. Sending again replaces it.
          </p>
        </Alert>
      )}
      {result && <Alert tone={result.tone}>{result.text}</Alert>}
      <div className="grid gap-5 md:grid-cols-2">
        <Field label="Legal name" required error={errors.legal_name}>
          <Input name="legal_name" defaultValue={profile.legal_name} autoComplete="organization" />
        </Field>
        <Field label="Registration number" required error={errors.registration_number} hint="EIN (12-3456789) or national charity number">
          <Input name="registration_number" defaultValue={profile.registration_number} />
        </Field>
        <Field label="Address" error={errors.address} className="md:col-span-2">
          <Input name="address" defaultValue={profile.address} autoComplete="street-address" />
        </Field>
        <Field label="Website" error={errors.link}>
          <Input name="link" type="url" defaultValue={profile.link ?? ''} placeholder="https://" />
        </Field>
        <Field label="Logo" error={errors.logo} hint="An image file (PNG, JPEG or WebP). Leave empty to keep the current one.">
          <div className="flex items-center gap-3">
            {profile.logo && (
              <img src={mediaUrl(profile.logo)} alt="Current logo" className="size-12 shrink-0 rounded-lg border border-ink-100 object-contain p-0.5" />
            )}
            <Input name="logo" type="file" accept="image/png,image/jpeg,image/webp" />
          </div>
        </Field>
      </div>
      <Field label="Description" error={errors.description}>
        <Textarea name="description" rows={4} defaultValue={profile.description} />
      </Field>
      <div className="flex justify-end">
        <Button type="submit" loading={save.isPending} loadingText="Sending…">
          Send for approval
        </Button>
      </div>
    </form>
  );
}
