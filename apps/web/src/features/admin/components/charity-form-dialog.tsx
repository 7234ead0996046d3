import type { AdminCharity, AdminCharityGroup } from '@pledgeway/domain/schemas/admin';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';
import { Field } from '@/components/ui/field';
import { Input, Select, Textarea } from '@/components/ui/input';
import { mediaUrl } from '@/lib/format';
import { NEW_GROUP, useCharityForm } from '../hooks/use-charity-form';

const LOGO_MAX_BYTES = 5 * 1024 * 1024;

interface CharityFormDialogProps {
  open: boolean;
  charity: AdminCharity | null;
  groups: AdminCharityGroup[];
  onClose(): void;
}

/** The logo: a file up to 5 MB (a larger one is refused here, before upload), with a preview of the new or current logo. */
function LogoField({
  logo,
  current,
  error,
  onChange,
}: {
  logo: File | null;
  current?: string;
  error?: string;
  onChange(file: File | null, error?: string): void;
}) {
  return (
    <>
      <Field label="Logo" hint="An image up to 5 MB" error={error}>
        <Input
          type="file"
          accept="image/*"
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            if (file && file.size > LOGO_MAX_BYTES) onChange(null, 'Image size should not exceed 5MB');
            else onChange(file);
          }}
        />
      </Field>
      <div className="flex items-center gap-3">
        {(logo || current) && (
          <img
            src={logo ? URL.createObjectURL(logo) : mediaUrl(current)}
            alt="Logo preview"
            className="size-16 rounded-xl border border-ink-100 object-contain p-1"
          />
        )}
      </div>
    </>
  );
}

/** Add or edit a charity: name, group (or a new one), link, description, logo and whether it is hidden. */
export function CharityFormDialog({ open, charity, groups, onClose }: CharityFormDialogProps) {
  const { form, logo, setLogo, logoError, setLogoError, newGroup, setNewGroup, failure, groupChoice, submit, busy } = useCharityForm({
    open,
    charity,
    groups,
    onClose,
  });
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
        <LogoField
          logo={logo}
          current={charity?.logo}
          error={logoError}
          onChange={(file, error) => {
            setLogo(file);
            setLogoError(error);
          }}
        />
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
          <Button type="submit" loading={busy}>
            {charity ? 'Save' : 'Add charity'}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
