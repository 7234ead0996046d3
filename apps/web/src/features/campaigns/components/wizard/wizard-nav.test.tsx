// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import { WizardNav } from './wizard-nav';

afterEach(cleanup);

const nav = (props: Partial<Parameters<typeof WizardNav>[0]>) =>
  render(<WizardNav step={1} last={4} canAdvance={false} finalLabel="Complete" onBack={vi.fn()} onNext={vi.fn()} {...props} />);

describe('the wizard navigation', () => {
  it('says beside a blocked Next why it is blocked, and the button is described by it', () => {
    nav({ blockedReason: EVENT_MESSAGES.participantRequired });
    const next = screen.getByRole('button', { name: 'Next' });
    expect(next.getAttribute('aria-disabled')).toBe('true');
    expect(next.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(next.getAttribute('aria-describedby')!)?.textContent).toBe('Please add at least one participant');
  });

  it('says nothing once the step is complete', () => {
    nav({ canAdvance: true, blockedReason: EVENT_MESSAGES.participantRequired });
    expect(screen.getByRole('button', { name: 'Next' }).getAttribute('aria-describedby')).toBeNull();
    expect(screen.queryByText(EVENT_MESSAGES.participantRequired)).toBeNull();
  });
});
