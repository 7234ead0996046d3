import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import type { EventSummaryResponse } from '@pledgeway/domain/schemas/event-response';
import { STACK_LIMITS, StackRequest, type MyStack, type StackRequestInput } from '@pledgeway/domain/schemas/stacks';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { useSaveStack } from '../api/save-stack';

interface StackFormDialogProps {
  /** The stack being edited, or null for a new one. */
  stack: MyStack | null;
  /** The host's published campaigns, the ones a stack may hold. */
  campaigns: EventSummaryResponse[];
  onClose(): void;
  onSaved(message: string, id: string): void;
}

const FIELDS = ['title', 'description', 'event_ids'] as const;

/** The campaigns to choose from, as checkboxes; 2 to 5 of them. */
function CampaignChoices({
  campaigns,
  chosen,
  error,
  onToggle,
}: {
  campaigns: EventSummaryResponse[];
  chosen: string[];
  error?: string;
  onToggle(id: string): void;
}) {
  return (
    <fieldset aria-describedby={error ? 'stack-campaigns-error' : undefined}>
      <legend className="label">
        Campaigns (choose {STACK_LIMITS.minCampaigns} to {STACK_LIMITS.maxCampaigns})
      </legend>
      <ul className="mt-2 grid gap-2">
        {campaigns.map((campaign) => (
          <li key={campaign._id}>
            <label className="flex cursor-pointer items-start gap-3 rounded-xl border border-ink-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
              <input type="checkbox" className="mt-1 size-4" checked={chosen.includes(campaign._id)} onChange={() => onToggle(campaign._id)} />
              <span className="min-w-0">{campaign.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {error && (
        <p id="stack-campaigns-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Create or edit a stack: its title, a short description and its campaigns. */
export function StackFormDialog({ stack, campaigns, onClose, onSaved }: StackFormDialogProps) {
  const save = useSaveStack(stack?._id ?? null);
  const [failure, setFailure] = useState<string | null>(null);
  const defaults: StackRequestInput = {
    title: stack?.title ?? '',
    description: stack?.description ?? '',
    event_ids: stack?.campaigns.filter((item) => item.published).map((item) => item._id) ?? [],
  };
  const form = useForm<StackRequestInput>({ resolver: zodResolver(StackRequest), defaultValues: defaults });
  const chosen = useWatch({ control: form.control, name: 'event_ids' }) ?? [];
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const answer = await save.mutateAsync(values);
      onSaved(answer.message, answer.data._id);
    } catch (error) {
      if (error instanceof ApiError) for (const field of FIELDS) if (error.fields[field]) form.setError(field, { message: error.fields[field] });
      setFailure(error instanceof Error ? error.message : 'The stack could not be saved. Please try again.');
    }
  });
  const toggle = (id: string) =>
    form.setValue('event_ids', chosen.includes(id) ? chosen.filter((item) => item !== id) : [...chosen, id], { shouldValidate: form.formState.isSubmitted });

  return (
    <Dialog
      open
      onOpenChange={(next) => !next && onClose()}
      title={stack ? 'Edit stack' : 'New stack'}
      description="Stack campaigns on one shareable page with a combined total. Each pledge still goes to its own campaign and charity."
      size="lg"
    >
      <form onSubmit={(formEvent) => void submit(formEvent)} noValidate className="grid gap-5">
        {failure && <Alert tone="error">{failure}</Alert>}
        <Field label="Title" required error={errors.title?.message}>
          <Input maxLength={STACK_LIMITS.titleMax} {...form.register('title')} />
        </Field>
        <Field label="Short description (optional)" error={errors.description?.message} hint={`Up to ${STACK_LIMITS.descriptionMax} characters.`}>
          <Textarea rows={2} {...form.register('description')} />
        </Field>
        <CampaignChoices campaigns={campaigns} chosen={chosen} error={errors.event_ids?.message ?? errors.event_ids?.root?.message} onToggle={toggle} />
        <DialogFooter className="mt-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={isSubmitting} loadingText="Saving…">
            {stack ? 'Save stack' : 'Publish stack'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
