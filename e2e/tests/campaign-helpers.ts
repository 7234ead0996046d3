import { expect, type Page } from '@playwright/test';
import { createPng, login } from '../fixtures';

/** Picks an image through the hidden file input of an ImagePicker and confirms the crop modal. */
export async function uploadAndCrop(page: Page, label: string) {
  await page.getByLabel(label).first().setInputFiles(createPng(240, 180));
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Crop', exact: true }).click();
  await expect(dialog).toBeHidden();
}

export function isoDaysFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

/** Signs in through the login form (by role, so the required-field asterisk does not matter). */
/** Signs in through the log-in form (the shared fixture). */
export const signIn = login;
