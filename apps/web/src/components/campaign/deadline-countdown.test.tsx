// @vitest-environment jsdom
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CardCountdown, PageCountdown } from './deadline-countdown';

const deadline = '2030-01-03T12:00:00.000Z';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2030-01-01T10:59:58.000Z'));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('PageCountdown', () => {
  it('ticks every second in digits hidden from screen readers, which read a sentence in a region that is not live', () => {
    render(<PageCountdown deadline={deadline} fundingModel="all_donations" />);
    const timer = screen.getByRole('timer');
    expect(timer.getAttribute('aria-live')).toBe('off');
    expect(timer.querySelector('[aria-hidden="true"]')?.textContent).toBe('02Days01Hours00Min02Sec');
    expect(screen.getByText('2 days 1 hour left').textContent).toBe('2 days 1 hour left');

    act(() => void vi.advanceTimersByTime(1000));
    expect(timer.querySelector('[aria-hidden="true"]')?.textContent).toBe('02Days01Hours00Min01Sec');
    act(() => void vi.advanceTimersByTime(2000));
    expect(timer.querySelector('[aria-hidden="true"]')?.textContent).toBe('02Days00Hours59Min59Sec');
    expect(screen.getByText('2 days 0 hours left').textContent).toBe('2 days 0 hours left');
  });

  it('says when pledging has closed and tells All or Nothing supporters that nothing is charged below target', () => {
    const { unmount } = render(<PageCountdown deadline={deadline} fundingModel="all_or_nothing" />);
    expect(screen.getByText(/If the target is reached, pledges are charged automatically at the deadline/).textContent).toBe(
      'If the target is reached, pledges are charged automatically at the deadline; otherwise none is. Deadline: Jan 3, 2030, 12:00 PM UTC',
    );
    unmount();
    vi.setSystemTime(new Date('2030-01-04T00:00:00.000Z'));
    render(<PageCountdown deadline={deadline} fundingModel="all_donations" />);
    expect(screen.getByText('The deadline has passed').textContent).toBe('The deadline has passed');
    expect(screen.getByText(/Pledging has closed/).textContent).toBe('Pledging has closed. Jan 3, 2030, 12:00 PM UTC');
  });
});

describe('CardCountdown', () => {
  it('shows words at minute precision and refreshes once a minute, not every second', () => {
    render(<CardCountdown deadline={deadline} />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('2 days 1 hour left');
    act(() => void vi.advanceTimersByTime(1000));
    expect(timer.textContent).toBe('2 days 1 hour left');
    // The refresh at 11:00:00 still reads a whole hour; the one at 11:01:00 reads 0 hours 59 minutes.
    act(() => void vi.advanceTimersByTime(60_000));
    expect(timer.textContent).toBe('2 days 1 hour left');
    act(() => void vi.advanceTimersByTime(2_000));
    expect(timer.textContent).toBe('2 days 0 hours left');
  });
});
