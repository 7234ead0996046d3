import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest, RegisterForm } from '@pledgeway/domain/schemas/auth';
import { ForgotPasswordRequest, ResetPasswordForm } from '@pledgeway/domain/schemas/password-reset';

/*
 * The sign-in forms' resolvers, in one chunk loaded after the page (see lib/lazy-resolver.ts):
 * the same zod schemas the API validates with.
 */
export const loginResolver = zodResolver(LoginRequest);
export const registerResolver = zodResolver(RegisterForm);
export const forgotPasswordResolver = zodResolver(ForgotPasswordRequest);
export const resetPasswordResolver = zodResolver(ResetPasswordForm);
