import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ProfileImageResponse } from '@pledgeway/domain/schemas/auth';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function uploadProfileImage(image: Blob): Promise<{ success: true; image_url: string }> {
  const form = new FormData();
  form.set('profile_image', image, 'avatar.jpg');
  return api.post(ProfileImageResponse, '/profile/image', form);
}

export function useUploadProfileImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadProfileImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.myProfile }),
  });
}
