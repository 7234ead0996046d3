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
