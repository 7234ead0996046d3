import { AUTH_MESSAGES } from '@pledgeway/domain/auth-messages';
import { act } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AvatarChoice } from './avatar-choice';

// React's act() outside Testing Library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
});

function choice(onError: (message: string | undefined) => void) {
  return <AvatarChoice useDefault={false} onUseDefaultChange={() => undefined} image={null} onImageChange={() => undefined} onError={onError} />;
}

/** The register form's picture as the server sent it, a file already chosen before the app ran. */
function serverRenderedWithFile(file: File): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(choice(() => undefined));
  document.body.append(container);
  const input = container.querySelector<HTMLInputElement>('input[type="file"]')!;
  Object.defineProperty(input, 'files', { value: [file], configurable: true });
  return container;
}

describe('a profile picture chosen before the app has hydrated the register page', () => {
  it('is checked once the app runs: a picture over 5 MB is refused then, not dropped unseen', () => {
    const tooLarge = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    const container = serverRenderedWithFile(tooLarge);
    const onError = vi.fn();
    act(() => {
      root = hydrateRoot(container, choice(onError));
    });
    expect(onError).toHaveBeenLastCalledWith(AUTH_MESSAGES.imageTooLarge);
  });

  it('is refused when it is not an image', () => {
    const container = serverRenderedWithFile(new File(['%PDF'], 'letter.pdf', { type: 'application/pdf' }));
    const onError = vi.fn();
    act(() => {
      root = hydrateRoot(container, choice(onError));
    });
    expect(onError).toHaveBeenLastCalledWith('Please upload an image file');
  });
});
