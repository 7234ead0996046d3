import { z } from 'zod';
import { AUTH_MESSAGES } from '../auth-messages.ts';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../password.ts';
import { emailField, requiredText } from './common.ts';

export { AUTH_MESSAGES };

export const LoginRequest = z.object({
  email: emailField('Email is required', 'Email is invalid'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginRequest = z.infer<typeof LoginRequest>;

const newPassword = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .min(1, requiredMessage)
    .min(PASSWORD_MIN_LENGTH, AUTH_MESSAGES.passwordTooShort)
    .max(PASSWORD_MAX_LENGTH, AUTH_MESSAGES.passwordTooLong);

/** Text fields of the multipart register call; the image is checked separately. */
export const RegisterFields = z.object({
  name: requiredText('Name is required').pipe(z.string().max(100, 'Name cannot exceed 100 characters')),
  email: emailField('Email is required', 'Email is invalid'),
  password: newPassword('Password is required'),
  use_default_avatar: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((value) => value === true || value === 'true'),
});
export type RegisterFields = z.infer<typeof RegisterFields>;

/** The register form: adds the re-typed password and the image choice. */
export const RegisterForm = z
  .object({
    name: requiredText('Name is required'),
    email: emailField('Email is required', 'Email is invalid'),
    password: newPassword('Password is required'),
    confirmPassword: z.string().min(1, 'Please re-type your password'),
    useDefaultAvatar: z.boolean(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  });
export type RegisterForm = z.infer<typeof RegisterForm>;

export const ProfileUpdateFields = z
  .object({
    name: requiredText('Name is required').pipe(z.string().max(100, 'Name cannot exceed 100 characters')),
    email: emailField('Email is required', 'Invalid email format'),
    occupation: z.string().trim().max(120).optional().default(''),
    company_name: z.string().trim().max(120).optional().default(''),
    description: z.string().trim().max(2000).optional().default(''),
    old_password: z.string().optional().default(''),
    new_password: z.string().optional().default(''),
    confirm_password: z.string().optional().default(''),
  })
  .superRefine((form, ctx) => {
    const changing = Boolean(form.old_password || form.new_password || form.confirm_password);
    if (!changing) return;
    if (!form.old_password) ctx.addIssue({ code: 'custom', path: ['old_password'], message: 'Old password is required' });
    if (!form.new_password) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: 'New password is required' });
    } else if (form.new_password.length < PASSWORD_MIN_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: AUTH_MESSAGES.passwordTooShort });
    } else if (form.new_password.length > PASSWORD_MAX_LENGTH) {
      ctx.addIssue({ code: 'custom', path: ['new_password'], message: AUTH_MESSAGES.passwordTooLong });
    }
    if (!form.confirm_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'Please confirm your password' });
    } else if (form.new_password && form.confirm_password !== form.new_password) {
      ctx.addIssue({ code: 'custom', path: ['confirm_password'], message: 'Passwords do not match' });
    }
  });
export type ProfileUpdateFields = z.infer<typeof ProfileUpdateFields>;

export const RoleName = z.enum(['user', 'admin']);
export const IdentityStatus = z.enum(['unverified', 'pending', 'verified', 'failed']);

export const PublicUser = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string(),
  occupation: z.string(),
  company_name: z.string(),
  description: z.string(),
  profile_image: z.string(),
  image: z.string(),
  role_id: z.object({ name: RoleName }),
  identity_status: IdentityStatus,
  /** The owner opened the confirmation link sent to `email` (decision 095). */
  email_confirmed: z.boolean(),
});
export type PublicUser = z.infer<typeof PublicUser>;

export const LoginResponse = z.object({
  success: z.literal(true),
  user: PublicUser.extend({ accessToken: z.string() }),
});
export type LoginResponse = z.infer<typeof LoginResponse>;

export const AuthCheckResponse = z.object({ success: z.literal(true), user: PublicUser });
export const RefreshResponse = z.object({ success: z.literal(true), accessToken: z.string() });
export const RegisterResponse = z.object({ success: z.literal(true), message: z.string(), user: PublicUser });
export const MyProfileResponse = z.object({
  success: z.literal(true),
  data: z.object({
    _id: z.string(),
    name: z.string(),
    email: z.string(),
    about: z.string(),
    description: z.string(),
    occupation: z.string(),
    company_name: z.string(),
    image: z.string(),
    identity_status: IdentityStatus,
  }),
});
export type MyProfileResponse = z.infer<typeof MyProfileResponse>;
export const UpdateUserResponse = z.object({
  success: z.literal(true),
  message: z.string(),
  user: PublicUser,
  passwordChanged: z.boolean(),
});
export const ProfileImageResponse = z.object({ success: z.literal(true), image_url: z.string() });
export const SuccessResponse = z.object({ success: z.literal(true), message: z.string() });
