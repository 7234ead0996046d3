import { useState } from 'react';

/**
 * The page of a list whose filters are summed up in `filtersKey`: a change of filters starts again
 * at page 1 (the old page may not exist any more), without an effect or a second render.
 */
export function usePaging(filtersKey: string): [page: number, setPage: (page: number) => void] {
  const [state, setState] = useState({ key: filtersKey, page: 1 });
  const page = state.key === filtersKey ? state.page : 1;
  return [page, (next) => setState({ key: filtersKey, page: next })];
}
