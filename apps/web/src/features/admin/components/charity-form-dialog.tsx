import { zodResolver } from '@hookform/resolvers/zod';
import { CharityFields, type AdminCharity, type AdminCharityGroup, type CharityFieldsInput } from '@pledgeway/domain/schemas/admin';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { ApiError } from '@/lib/api-client';
import { mediaUrl } from '@/lib/format';
import { useCreateCharityGroup } from '../api/create-charity-group';
import { useSaveCharity } from '../api/save-charity';

const LOGO_MAX_BYTES = 5 * 1024 * 1024;
const NEW_GROUP = '__new__';

interface CharityFormDialogProps {
  open: boolean;
  charity: AdminCharity | null;
  groups: AdminCharityGroup[];
  onClose(): void;
}

/** Add or edit a charity: name, group (or a new one), link, description, logo and whether it is hidden. */
export function CharityFormDialog({ open, charity, groups, onClose }: CharityFormDialogProps) {
  const save = useSaveCharity();
  const createGroup = useCreateCharityGroup();
  const form = useForm<CharityFieldsInput>({ resolver: zodResolver(CharityFields) as never });
  const [logo, setLogo] = useState<File | null>(null);
  const [logoError, setLogoError] = useState<string>();
  const [newGroup, setNewGroup] = useState('');
  const [failure, setFailure] = useState<string>();
  const groupChoice = useWatch({ control: form.control, name: 'group_id' });

  useEffect(() => {
    if (!open) return;
    form.reset({
      name: charity?.name ?? '',
      group_id: charity?.group._id ?? groups[0]?._id ?? '',
      link: charity?.link ?? '',
      description: charity?.description ?? '',
      hidden: charity?.hidden ?? false,
    });
    setLogo(null);
    setLogoError(undefined);
    setNewGroup('');
    setFailure(undefined);
  }, [open, charity, groups, form]);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    try {
      if (groupChoice === NEW_GROUP) {
        if (!newGroup.trim()) return setFailure('Type the new group’s title');
        const group = await createGroup.mutateAsync(newGroup.trim());
        form.setValue('group_id', group._id);
      }
    } catch (error) {
      return setFailure((error as Error).message);
    }
    await form.handleSubmit(async (values) => {
      const body = new FormData();
      body.set('name', String(values.name ?? ''));
      body.set('group_id', String(values.group_id ?? ''));
      body.set('link', String(values.link ?? ''));
      body.set('description', String(values.description ?? ''));
      body.set('hidden', values.hidden ? 'true' : 'false');
      if (logo) body.set('logo', logo);
      try {
        const result = await save.mutateAsync({ charityId: charity?._id, form: body });
        toast.success(result.message);
        onClose();
      } catch (error) {
        const fields = error instanceof ApiError ? error.fields : {};
        for (const [name, message] of Object.entries(fields)) {
          if (name === 'image' || name === 'logo') setLogoError(message);
          else form.setError(name as keyof CharityFieldsInput, { message });
        }
        setFailure((error as Error).message);
      }
    })();
  };

  const errors = form.formState.errors;
  return (
    <Dialog open={open} onOpenChange={(next) => !next && onClose()} title={charity ? `Edit ${charity.name}` : 'Add a charity'} size="lg">
      <form onSubmit={submit} noValidate className="mt-5 grid gap-4 sm:grid-cols-2">
        <Field label="Name" required error={errors.name?.message} className="sm:col-span-2">
          <Input {...form.register('name')} />
        </Field>
        <Field label="Group" required error={errors.group_id?.message}>
          <Select {...form.register('group_id')}>
            {groups.map((group) => (
              <option key={group._id} value={group._id}>
                {group.title}
              </option>
            ))}
            <option value={NEW_GROUP}>New group…</option>
          </Select>
        </Field>
        {groupChoice === NEW_GROUP ? (
          <Field label="New group title" required>
            <Input value={newGroup} onChange={(event) => setNewGroup(event.target.value)} />
          </Field>
        ) : (
          <div className="hidden sm:block" />
        )}
        <Field label="Website" hint="https://…" error={errors.link?.message} className="sm:col-span-2">
          <Input type="url" inputMode="url" {...form.register('link')} />
        </Field>
        <Field label="Description" error={errors.description?.message} className="sm:col-span-2">
          <Textarea rows={3} {...form.register('description')} />
        </Field>
        <Field label="Logo" hint="An image up to 5 MB" error={logoError}>
          <Input
            type="file"
            accept="image/*"
            onChange={(event) => {
              const file = event.target.files?.[0] ?? null;
              setLogoError(file && file.size > LOGO_MAX_BYTES ? 'Image size should not exceed 5MB' : undefined);
              setLogo(file && file.size <= LOGO_MAX_BYTES ? file : null);
            }}
          />
        </Field>
        <div className="flex items-center gap-3">
          {(logo || charity?.logo) && (
            <img
              src={logo ? URL.createObjectURL(logo) : mediaUrl(charity!.logo)}
              alt="Logo preview"
              className="size-16 rounded-xl border border-ink-100 object-contain p-1"
            />
          )}
        </div>
        <label className="flex min-h-11 items-center gap-3 text-ink-800 sm:col-span-2">
          <input type="checkbox" className="size-5 accent-ink-900" {...form.register('hidden')} />
          Hidden (not listed on /charities nor offered when creating a campaign)
        </label>
        {failure && (
          <Alert tone="error" className="sm:col-span-2">
            {failure}
          </Alert>
        )}
        <DialogFooter className="sm:col-span-2">
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={form.formState.isSubmitting || createGroup.isPending}>
            {charity ? 'Save' : 'Add charity'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
