import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { CONTACT_MESSAGES, ContactRequest, type ContactTab } from '@pledgeway/domain/schemas/contact';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSendContactMessage } from '../api/send-contact-message';

type ContactValues = { name: string; email: string; phone: string; eventName: string; message: string };

const PLACEHOLDERS: Record<ContactTab, string> = {
  organizer: 'How can we help you with your event campaign?',
  support: 'How can we help you?',
};

const EMPTY: ContactValues = { name: '', email: '', phone: '', eventName: '', message: '' };

// The tab is not a form field; the shared schema validates the rest with the rules of docs/product.md#contact-form.
const FormSchema = ContactRequest.omit({ tab: true });

/** docs/product.md#contact-form: the same form on both tabs; only the message placeholder differs. */
export function ContactForm({ tab }: { tab: ContactTab }) {
  const send = useSendContactMessage();
  const form = useForm<ContactValues>({ resolver: zodResolver(FormSchema) as never, defaultValues: EMPTY });
  const { errors } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await send.mutateAsync({ ...values, tab });
      form.reset(EMPTY);
    } catch (error) {
      // Field messages from the server land on their fields; anything else shows in the banner.
      if (error instanceof ApiError) {
        for (const [name, message] of Object.entries(error.fields)) {
          if (name in EMPTY) form.setError(name as keyof ContactValues, { message });
        }
      }
    }
  });

  return (
    <form noValidate onSubmit={submit} className="space-y-5" aria-label={tab === 'organizer' ? 'Campaign organizer message' : 'User support message'}>
      <div aria-live="polite">
        {send.isSuccess && (
          <Alert tone="success" title="Message sent">
            {send.data.message}
          </Alert>
        )}
        {send.isError && (
          <Alert tone="error" title="Message not sent">
            {send.error instanceof ApiError && send.error.status === 429 ? send.error.message : CONTACT_MESSAGES.failed}
          </Alert>
        )}
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Name" hint="Optional" error={errors.name?.message}>
          <Input autoComplete="name" {...form.register('name')} />
        </Field>
        <Field label="Email" required error={errors.email?.message}>
          <Input type="email" autoComplete="email" {...form.register('email')} />
        </Field>
        <Field label="Phone" required error={errors.phone?.message}>
          <Input type="tel" autoComplete="tel" {...form.register('phone')} />
        </Field>
        <Field label="Event Name" required error={errors.eventName?.message}>
          <Input {...form.register('eventName')} />
        </Field>
      </div>
      <Field label="Message" hint="Optional" error={errors.message?.message}>
        <Textarea rows={6} placeholder={PLACEHOLDERS[tab]} {...form.register('message')} />
      </Field>
      <Button type="submit" size="lg" loading={send.isPending} loadingText="Sending…">
        Send Message
      </Button>
    </form>
  );
}

export default ContactForm;
