import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ProfileUpdateFields, type PublicUser, UpdateUserResponse } from '@pledgeway/domain/schemas/auth';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export interface UpdateProfileResult {
  success: true;
  message: string;
  user: PublicUser;
  passwordChanged: boolean;
}

/** PUT /users/update is multipart (docs/product.md#7-api-calls): profile fields, plus password fields if changed. */
export function updateProfile(values: ProfileUpdateFields): Promise<UpdateProfileResult> {
  const form = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (['old_password', 'new_password', 'confirm_password'].includes(key) && !value) continue;
    form.set(key, String(value ?? ''));
  }
  return api.put(UpdateUserResponse, '/users/update', form);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myProfile }),
  });
}
