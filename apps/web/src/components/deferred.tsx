import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code loads the first time it renders, inside its own Suspense boundary: for
 * what the first screen does not need (the footer, a section below the fold). A server-rendered
 * page shows it at once from its HTML and hydrates it when its code has arrived; a page rendered in
 * the browser shows `fallback` meanwhile.
 */
export function deferred<Props extends object>(load: () => Promise<ComponentType<Props>>, fallback: ReactNode = null): ComponentType<Props> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function Deferred(props: Props) {
    return (
      <Suspense fallback={fallback}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
