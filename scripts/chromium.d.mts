// Types of chromium.mjs for the TypeScript files that import it (e2e/playwright.config.ts, e2e/screenshots.ts).
export const CHROMIUM_CANDIDATES: string[];
export function browserTestChromium(): string;
