import type { PublicUser } from '@pledgeway/domain';
import { api, publicSchema } from '@/lib/api-client';

export interface RegisterInput {
  name: string;
  email: string;
  password: string;
  image?: Blob;
  useDefaultAvatar: boolean;
}

export function postRegister(input: RegisterInput): Promise<{ success: true; message: string; user: PublicUser }> {
  const form = new FormData();
  form.set('name', input.name);
  form.set('email', input.email);
  form.set('password', input.password);
  if (input.useDefaultAvatar || !input.image) form.set('use_default_avatar', 'true');
  else form.set('user_image', input.image, 'avatar.jpg');
  return api.post(publicSchema('RegisterResponse'), '/site/register', form);
}
