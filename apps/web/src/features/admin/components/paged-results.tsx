import type { ReactNode } from 'react';
import { Pager } from '@/components/data-table';
import { QueryState, type QueryLike } from './query-state';

/** One page of a server-paged list, as every paged admin endpoint answers it. */
export interface PageOf<Item> {
  items: Item[];
  total: number;
  page: number;
  per_page: number;
}

interface PagedResultsProps<Item> {
  query: QueryLike<PageOf<Item>>;
  noun: string;
  /** Shown when nothing matches. */
  empty: ReactNode;
  onPage(page: number): void;
  children(items: Item[]): ReactNode;
}

/** A paged list's loading, error and empty states, its items and the pager under them. */
export function PagedResults<Item>({ query, noun, empty, onPage, children }: PagedResultsProps<Item>) {
  return (
    <QueryState query={query} noun={noun} isEmpty={(data) => data.total === 0} empty={empty}>
      {(data) => (
        <div>
          {children(data.items)}
          <Pager page={data.page} perPage={data.per_page} total={data.total} onPage={onPage} />
        </div>
      )}
    </QueryState>
  );
}
