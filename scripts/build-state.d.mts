// Types of build-state.mjs for the TypeScript files that import it (e2e/global-setup.ts, the API's fault tests).
export const ROOT: string;
export const SERVER_ENTRY: string;
export const WEB_INDEX: string;
export const WEB_SSR_ENTRY: string;
export const BUILD_STAMP: string;
export function buildExists(): boolean;
export function staleReason(): string | undefined;
export function serverStartArgs(): string[];
