import { zodResolver } from '@hookform/resolvers/zod';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useForm } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { EVENT_MESSAGES } from '@pledgeway/domain/schemas/event-fields';
import { EventDetailsStep, type EventDetailsStepInput, type EventDetailsStep as DetailsOutput } from '@pledgeway/domain/schemas/event-create';
import { EventGenreStep } from './event-genre-step';

/** The step inside the same form the wizard builds for it (zod resolver, validated on touch). */
function Harness({ onValid }: { onValid(values: DetailsOutput): void }) {
  const form = useForm<EventDetailsStepInput, unknown, DetailsOutput>({
    resolver: zodResolver(EventDetailsStep),
    mode: 'onTouched',
    defaultValues: { locationType: 'physical', eventDate: '', eventTime: '', eventLocation: '', onlineEventLink: '' },
  });
  return (
    <form onSubmit={form.handleSubmit(onValid)}>
      <EventGenreStep form={form} />
      <button type="submit">Next</button>
    </form>
  );
}

function renderStep() {
  const submitted: DetailsOutput[] = [];
  render(<Harness onValid={(values) => submitted.push(values)} />);
  return submitted;
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

afterEach(cleanup);

describe('EventGenreStep', () => {
  it('asks a physical event for its location and offers the online link as optional', () => {
    renderStep();
    expect(screen.getByRole('radio', { name: 'Physical' })).toHaveProperty('checked', true);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Event location' })).toHaveProperty('value', '');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Online event link (optional)' })).toHaveProperty('value', '');
  });

  it('drops the location for a virtual event and makes the link the place to go', () => {
    renderStep();
    fireEvent.click(screen.getByRole('radio', { name: 'Virtual' }));
    expect(screen.queryByRole('textbox', { name: 'Event location' })).toBeNull();
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Online event link', description: /meeting or stream address/ })).toHaveProperty('value', '');
  });

  it('refuses a scheduled virtual event without a link, and reads the error with the field', async () => {
    const submitted = renderStep();
    fireEvent.click(screen.getByRole('radio', { name: 'Virtual' }));
    type('Event date', '2099-06-01');
    type('Event time', '18:30');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const link = await screen.findByRole('textbox', { name: 'Online event link', description: EVENT_MESSAGES.linkRequiredWhenScheduled });
    expect(link.getAttribute('aria-invalid')).toBe('true');
    expect(submitted).toEqual([]);
  });

  it('may be left empty for now: the step passes without a date', async () => {
    const submitted = renderStep();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ locationType: 'physical', eventDate: '', eventTime: '' });
  });

  it('passes a scheduled physical event with its location', async () => {
    const submitted = renderStep();
    type('Event date', '2099-06-01');
    type('Event time', '18:30');
    type('Event location', 'Riverside Park, Portland');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(submitted).toHaveLength(1));
    expect(submitted[0]).toMatchObject({ eventDate: '2099-06-01', eventTime: '18:30', eventLocation: 'Riverside Park, Portland' });
  });
});
