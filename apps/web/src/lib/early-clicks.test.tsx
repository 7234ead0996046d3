import { readFileSync } from 'node:fs';
import path from 'node:path';
import { act, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { useEarlyClick } from './early-clicks';

// React's act() outside Testing Library.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

/** The inline script of the page template, run once as the browser runs it while reading the page. */
beforeAll(() => {
  const template = readFileSync(path.resolve(import.meta.dirname, '../../index.html'), 'utf8');
  const script = /<script>([\s\S]*?)<\/script>/.exec(template)?.[1];
  expect(script).toBeTruthy();
  new Function(script!)();
});

let root: Root | undefined;
afterEach(() => {
  act(() => root?.unmount());
  root = undefined;
  document.body.innerHTML = '';
  window.pledgewayEarlyClicks!.length = 0;
});

function DonateButton({ onOpen, onPress }: { onOpen(): void; onPress(): void }) {
  const [opened, setOpened] = useState(0);
  const open = () => {
    setOpened((count) => count + 1);
    onOpen();
  };
  const early = useEarlyClick('donate', open);
  return (
    <form onSubmit={(event) => event.preventDefault()}>
      <button
        type="submit"
        onClick={(event) => {
          event.preventDefault();
          onPress();
          open();
        }}
        {...early}
      >
        Donate
      </button>
      <output>{opened}</output>
    </form>
  );
}

/** The button as the server sent it, in a page whose app has not run yet. */
function serverRendered(element: React.ReactElement): HTMLElement {
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.append(container);
  return container;
}

describe('a press on a button before the app has hydrated it', () => {
  it('is held (no form is sent) and handed to the button once, when it has hydrated', () => {
    const onOpen = vi.fn();
    const onPress = vi.fn();
    const element = <DonateButton onOpen={onOpen} onPress={onPress} />;
    const container = serverRendered(element);
    const submitted = vi.fn();
    document.addEventListener('submit', submitted);
    const button = container.querySelector('button')!;
    expect(button.getAttribute('data-early-click')).toBe('donate');

    button.click();
    button.click();
    expect(submitted).not.toHaveBeenCalled();
    expect(window.pledgewayEarlyClicks).toEqual(['donate']);

    act(() => {
      root = hydrateRoot(container, element);
    });
    expect(onOpen).toHaveBeenCalledTimes(1);
    expect(onPress).not.toHaveBeenCalled();
    expect(window.pledgewayEarlyClicks).toEqual([]);
    expect(button.hasAttribute('data-early-click')).toBe(false);

    // Hydrated: the script lets presses through to the app.
    act(() => button.click());
    expect(onPress).toHaveBeenCalledTimes(1);
    expect(onOpen).toHaveBeenCalledTimes(2);
    expect(container.querySelector('output')?.textContent).toBe('2');
    expect(window.pledgewayEarlyClicks).toEqual([]);
    document.removeEventListener('submit', submitted);
  });

  it('does nothing when the button was not pressed before', () => {
    const onOpen = vi.fn();
    const element = <DonateButton onOpen={onOpen} onPress={() => undefined} />;
    const container = serverRendered(element);
    act(() => {
      root = hydrateRoot(container, element);
    });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('is not held when the button works without the app (a form or a link), nor kept for a later page', () => {
    function VisitorButton() {
      const early = useEarlyClick('pledge', () => undefined, false);
      return <button {...early}>Pledge Now</button>;
    }
    const container = serverRendered(<VisitorButton />);
    expect(container.querySelector('button')!.hasAttribute('data-early-click')).toBe(false);
    container.querySelector('button')!.click();
    expect(window.pledgewayEarlyClicks).toEqual([]);
  });
});
