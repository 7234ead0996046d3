import { useEffect } from 'react';

/** Sets the tab title while the page is shown (the server fills link-preview tags separately). */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title === 'Pledgeway' ? 'Pledgeway — pledge to causes, charged only when the event happens' : `${title} — Pledgeway`;
  }, [title]);
}
