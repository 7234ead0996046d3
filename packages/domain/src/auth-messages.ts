import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './password.ts';

/** Messages of the sign-in forms, kept free of zod so pages can show them before the schemas load. */
export const AUTH_MESSAGES = {
  passwordsDontMatch: "Passwords don't match!",
  uploadImage: 'Please upload an image',
  passwordTooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  passwordTooLong: `Password cannot exceed ${PASSWORD_MAX_LENGTH} characters`,
  passwordTooCommon: 'This password is too common. Please choose a less predictable one.',
  emailTaken: 'An account with this email already exists',
  invalidCredentials: 'Invalid email or password',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  registrationSuccess: 'Account created. Please login.',
  imageTooLarge: 'Image size should not exceed 5MB',
  accountDisabled: 'This account has been disabled. Please contact support if you think this is a mistake.',
} as const;
