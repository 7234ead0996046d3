import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A form resolver whose schema arrives in its own chunk. Zod and the shared schemas weigh about
 * 38 KB gzip; a sign-in page can render and take typing without them, and validation only starts
 * when a field is touched or the form is sent. Loading starts as soon as this is created (when the
 * page's module runs), so the schema is normally there before the first keystroke.
 */
export function lazyResolver<TFieldValues extends FieldValues, TContext = unknown, TTransformed = TFieldValues>(
  load: () => Promise<Resolver<TFieldValues, TContext, TTransformed>>,
): Resolver<TFieldValues, TContext, TTransformed> {
  let loading: Promise<Resolver<TFieldValues, TContext, TTransformed>> | undefined;
  const resolver = () => {
    // A failed download is tried again on the next validation instead of being kept.
    loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  void resolver().catch(() => undefined);
  return async (values, context, options) => (await resolver())(values, context, options);
}
