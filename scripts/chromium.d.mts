// Types of chromium.mjs for the TypeScript files that import it (e2e/playwright.config.ts).
export function browserTestChromium(): string;
