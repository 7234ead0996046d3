import type { PublicUser } from '@pledgeway/domain/schemas/auth';

/** A signed-in supporter as GET /site/auth-check answers it. */
export const supporter = (overrides: Partial<PublicUser> = {}): PublicUser => ({
  _id: 'u1',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  occupation: '',
  company_name: '',
  description: '',
  profile_image: '',
  image: '',
  role_id: { name: 'user' },
  identity_status: 'unverified',
  email_confirmed: true,
  ...overrides,
});
