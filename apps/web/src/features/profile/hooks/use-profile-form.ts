import { zodResolver } from '@hookform/resolvers/zod';
import { ProfileUpdateFields, type MyProfileResponse } from '@pledgeway/domain/schemas/auth';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import type { z } from 'zod';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { ApiError } from '@/lib/api-client';
import { setLoginBanner } from '@/lib/login-banner';
import { serverMessage } from '@/lib/server-message';
import { useUpdateProfile } from '../api/update-profile';

export type ProfileFormInput = z.input<typeof ProfileUpdateFields>;
export type ProfileData = MyProfileResponse['data'];

export function toFormValues(profile: ProfileData): ProfileFormInput {
  return {
    name: profile.name,
    email: profile.email,
    occupation: profile.occupation,
    company_name: profile.company_name,
    description: profile.description,
    old_password: '',
    new_password: '',
    confirm_password: '',
  };
}

/** The profile form: details and an optional password change; the image is saved on its own. */
export function useProfileForm(profile: ProfileData) {
  const auth = useAuth();
  const navigate = useNavigate();
  const update = useUpdateProfile();
  const [image, setImage] = useState(profile.image);
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm<ProfileFormInput, unknown, ProfileUpdateFields>({ resolver: zodResolver(ProfileUpdateFields), defaultValues: toFormValues(profile) });

  useEffect(() => setImage(profile.image), [profile.image]);

  const submit = form.handleSubmit(async (values) => {
    setFailure(null);
    try {
      const result = await update.mutateAsync(values);
      if (result.passwordChanged) {
        // docs/product.md#signing-in: a password change logs out and shows the message on /login.
        setLoginBanner(result.message);
        auth.clear();
        navigate(paths.login, { replace: true });
        return;
      }
      auth.setUser(result.user);
      form.reset(toFormValues({ ...profile, ...result.user, about: result.user.description }));
      toast.success('Profile updated successfully');
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field in form.getValues()) form.setError(field as keyof ProfileFormInput, { message });
        }
      }
      setFailure(serverMessage(error, 'Error updating profile'));
    }
  });

  function imageChanged(url: string) {
    setImage(url);
    if (auth.user) auth.setUser({ ...auth.user, image: url, profile_image: url });
  }

  return { form, submit, failure, image, imageChanged };
}
