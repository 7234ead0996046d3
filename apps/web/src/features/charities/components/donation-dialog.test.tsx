// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DonationDialog } from './donation-dialog';

const auth = vi.hoisted(() => ({ user: null as null | { name: string; email: string } }));
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: auth.user }) }));

afterEach(() => {
  cleanup();
  auth.user = null;
});

const charities = [
  { _id: 'c1', name: 'Brightpot Community Kitchens' },
  { _id: 'c2', name: 'Open Larder Food Network' },
];

function open() {
  // The dialog links to monthly giving, so it renders inside the app's router.
  render(
    <MemoryRouter>
      <DonationDialog open onOpenChange={() => undefined} charities={charities} />
    </MemoryRouter>,
  );
}

describe('donation dialog', () => {
  it('is titled by the charity the donation goes to, and follows the choice', () => {
    open();
    expect(screen.getByRole('dialog', { name: 'Donate to Brightpot Community Kitchens' })).toBeTruthy();
    fireEvent.change(screen.getByRole('combobox', { name: /Charity to support/ }), { target: { value: 'c2' } });
    expect(screen.getByRole('dialog', { name: 'Donate to Open Larder Food Network' })).toBeTruthy();
  });

  it("fills in a signed-in donor's name and e-mail", () => {
    auth.user = { name: 'Ben Carter', email: 'ben@pledgeway.org' };
    open();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Full name/ }).value).toBe('Ben Carter');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Email/ }).value).toBe('ben@pledgeway.org');
  });

  it('leaves them empty for a visitor', () => {
    open();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Full name/ }).value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /^Email/ }).value).toBe('');
  });
});
