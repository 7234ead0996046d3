import { Button } from '@/components/ui/button';

/** Previous / next paging with "1–20 of 134". */
export function Pager({ page, perPage, total, onPage }: { page: number; perPage: number; total: number; onPage(page: number): void }) {
  if (total <= perPage && page === 1) return null;
  const first = total === 0 ? 0 : (page - 1) * perPage + 1;
  const last = Math.min(total, page * perPage);
  return (
    <nav aria-label="Pages" className="flex items-center justify-between gap-3 pt-4 text-sm text-ink-600">
      <p aria-live="polite">
        {first}–{last} of {total}
      </p>
      <div className="flex gap-2">
        <Button size="sm" variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button size="sm" variant="outline" disabled={last >= total} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
