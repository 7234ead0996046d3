import { AUTH_MESSAGES } from '@pledgeway/domain/auth-messages';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { LOGIN_RETURN_PARAM, paths } from '@/config/paths';
import { lazyResolver } from '@/lib/lazy-resolver';
import { ApiError } from '@/lib/api-client';
import { setLoginBanner } from '@/lib/login-banner';
import { serverMessage } from '@/lib/server-message';
import { postRegister } from '../api/register';

// docs/product.md#8-messages: an alert with the server's error, else this.
const REGISTRATION_FAILED = 'Registration failed!';

const resolver = lazyResolver(() => import('../validation').then((module) => module.registerResolver));

/** The register form: its fields, the avatar (a file, outside the schema) and the submit. */
export function useRegisterForm() {
  const navigate = useNavigate();
  const [image, setImage] = useState<Blob | null>(null);
  const [imageError, setImageError] = useState<string>();
  const [failure, setFailure] = useState<string | null>(null);
  const form = useForm({
    resolver,
    defaultValues: { name: '', email: '', password: '', confirmPassword: '', useDefaultAvatar: false },
  });
  const useDefaultAvatar = useWatch({ control: form.control, name: 'useDefaultAvatar' });

  /** The image is not part of the schema (it is a file); checked with the rest on every submit. */
  function checkImage(): boolean {
    const missing = !form.getValues('useDefaultAvatar') && !image;
    if (missing) setImageError(AUTH_MESSAGES.uploadImage);
    return !missing;
  }

  /**
   * docs/product.md#registration-form: a mismatch gets a browser alert as well as the inline message. The schema only
   * compares the passwords once every other field is valid, so the comparison is made here too.
   */
  function checkPasswordsMatch(): boolean {
    const { password, confirmPassword } = form.getValues();
    if (!password || !confirmPassword || password === confirmPassword) return true;
    form.setError('confirmPassword', { message: AUTH_MESSAGES.passwordsDontMatch });
    window.alert(AUTH_MESSAGES.passwordsDontMatch);
    return false;
  }

  function showFailure(error: unknown) {
    const message = serverMessage(error, REGISTRATION_FAILED);
    if (error instanceof ApiError) {
      for (const field of ['name', 'email', 'password'] as const) {
        const fieldMessage = error.fields[field];
        if (fieldMessage) form.setError(field, { message: fieldMessage });
      }
      if (error.fields.image) setImageError(error.fields.image);
    }
    setFailure(message);
    window.alert(message);
  }

  const submit = form.handleSubmit(
    async (values) => {
      if (!checkImage() || !checkPasswordsMatch()) return;
      setFailure(null);
      try {
        await postRegister({
          name: values.name,
          email: values.email,
          password: values.password,
          image: image ?? undefined,
          useDefaultAvatar: values.useDefaultAvatar,
        });
        setLoginBanner(AUTH_MESSAGES.registrationSuccess);
        // A page that sent the person to register (an invitation) is where signing in returns to.
        const from = new URLSearchParams(window.location.search).get(LOGIN_RETURN_PARAM);
        navigate(from ? `${paths.login}?${LOGIN_RETURN_PARAM}=${encodeURIComponent(from)}` : paths.login);
      } catch (error) {
        showFailure(error);
      }
    },
    () => {
      checkImage();
      checkPasswordsMatch();
    },
  );

  function chooseDefaultAvatar(value: boolean) {
    form.setValue('useDefaultAvatar', value);
    if (value) setImageError(undefined);
  }

  const avatar = {
    useDefault: useDefaultAvatar,
    onUseDefaultChange: chooseDefaultAvatar,
    image,
    onImageChange: setImage,
    error: imageError,
    onError: setImageError,
  };
  return { form, failure, submit, avatar };
}
