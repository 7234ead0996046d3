import type { DehydratedState } from '@tanstack/react-query';
import type { RenderSnapshot } from '@/lib/hydration';

/**
 * What a server-rendered page carries for its hydration (docs/decisions/071): the snapshot it was
 * rendered with and the queries it was rendered from, as JSON in
 * `<script type="application/json" id="pledgeway-state">` (a data block: never executed, so the
 * content security policy needs no inline-script exception).
 */
export interface SsrState {
  snapshot: RenderSnapshot;
  queries: DehydratedState;
}

export const SSR_STATE_ELEMENT_ID = 'pledgeway-state';

const UNSAFE_IN_SCRIPT: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * The state as the text of its script element. `<`, `>` and `&` become JSON escapes, so no value
 * (a campaign named `</script><script>…`) can end the element or open a comment; JSON.parse
 * reads them back unchanged.
 */
export function serializeSsrState(state: SsrState): string {
  return JSON.stringify(state).replace(/[<>&\u2028\u2029]/g, (char) => UNSAFE_IN_SCRIPT[char]!);
}

/** The state of a server-rendered page, or undefined when the page was not rendered on the server. */
export function readSsrState(): SsrState | undefined {
  const element = document.getElementById(SSR_STATE_ELEMENT_ID);
  if (!element?.textContent) return undefined;
  return JSON.parse(element.textContent) as SsrState;
}

/** The Server-Timing entry by which the server says a page was rendered before its latest change. */
export const STALE_RENDER_TIMING = 'stale';

/**
 * Whether the server sent this page as rendered before a change it knows of (a page may be up to a
 * second old, decision 105): its data is then asked for again once the page has hydrated, so a
 * payout or a charge made just before the visit shows without a reload.
 */
export function renderedBeforeLatestChange(timing: Pick<Performance, 'getEntriesByType'> = performance): boolean {
  const [navigation] = timing.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  return navigation?.serverTiming?.some((entry) => entry.name === STALE_RENDER_TIMING) ?? false;
}
