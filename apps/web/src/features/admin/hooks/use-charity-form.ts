import { zodResolver } from '@hookform/resolvers/zod';
import { CharityFields, type AdminCharity, type AdminCharityGroup, type CharityFieldsInput } from '@pledgeway/domain/schemas/admin';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { useCreateCharityGroup } from '../api/create-charity-group';
import { useSaveCharity } from '../api/save-charity';

/** The group choice that asks for a new group's title. */
export const NEW_GROUP = '__new__';

interface CharityFormOptions {
  open: boolean;
  charity: AdminCharity | null;
  groups: AdminCharityGroup[];
  onClose(): void;
}

/** The multipart body of POST/PUT /admin/charities: the fields, and the logo when one was chosen. */
function charityFormData(values: CharityFieldsInput, logo: File | null): FormData {
  const body = new FormData();
  body.set('name', String(values.name ?? ''));
  body.set('group_id', String(values.group_id ?? ''));
  body.set('link', String(values.link ?? ''));
  body.set('description', String(values.description ?? ''));
  body.set('hidden', values.hidden ? 'true' : 'false');
  if (logo) body.set('logo', logo);
  return body;
}

/**
 * The charity form's state: reset each time it opens, a new group created first when asked for,
 * then the charity saved; the server's field errors land on their fields.
 */
export function useCharityForm({ open, charity, groups, onClose }: CharityFormOptions) {
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
      try {
        const result = await save.mutateAsync({ charityId: charity?._id, form: charityFormData(values, logo) });
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

  return {
    form,
    logo,
    setLogo,
    logoError,
    setLogoError,
    newGroup,
    setNewGroup,
    failure,
    groupChoice,
    submit,
    busy: form.formState.isSubmitting || createGroup.isPending,
  };
}
