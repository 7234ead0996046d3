// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminChargeQueueRow } from '@pledgeway/domain/schemas/admin';
import AdminChargingPage from './admin-charging';

const mocks = vi.hoisted(() => ({
  waiting: [] as AdminChargeQueueRow[],
  release: vi.fn(async () => ({ success: true, message: 'The hold is lifted and charging has started', data: null })),
  charge: vi.fn(),
}));
vi.mock('../api/get-charging', () => ({
  useCharging: () => ({ data: { waiting: mocks.waiting, failed: [] }, isPending: false, isError: false, error: null, refetch: vi.fn() }),
}));
vi.mock('../api/charge-event', () => ({ useChargeEvent: () => ({ mutateAsync: mocks.charge, isPending: false }) }));
vi.mock('../api/charge-hold', () => ({ useReleaseHold: () => ({ mutateAsync: mocks.release, isPending: false }) }));
vi.mock('../api/get-charge-run', () => ({
  useChargeRun: () => ({
    data: { _id: 'run-1', status: 'held', outcome: 'charge', trigger: 'deadline', total: 0, charged: 0, failed: 0, released: 0, charged_amount: 0 },
    isError: false,
  }),
}));
afterEach(cleanup);

const heldRow: AdminChargeQueueRow = {
  _id: 'event-1',
  name: 'Library Roof Fund',
  kind: 'crowdfunding',
  funding_model: 'all_donations',
  target_amount: 5000,
  pledge_count: 4,
  pledged_amount: 800,
  completed_at: '2030-01-03T12:00:30.000Z',
  expected_outcome: 'charge',
  charge_run_id: 'run-1',
  charge_run_status: 'held',
  charged_at_deadline: true,
  held: true,
};

describe('the charging queue', () => {
  it('shows a crowdfunding run held at its deadline, and Release and charge lifts the hold after a confirmation', async () => {
    mocks.waiting = [heldRow];
    render(<AdminChargingPage />);
    expect(screen.getByText(/deadline passed/)).toBeTruthy();
    expect(screen.getByText('Held for review at the deadline: nothing has been charged or released yet.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Charge/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Release and charge\s*Library Roof Fund$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift the hold and charge?' });
    expect(within(dialog).getByText(/All Donations: every pledge will be charged/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release and charge' }));
    await vi.waitFor(() => expect(mocks.release).toHaveBeenCalledWith('event-1'));
    expect(mocks.charge).not.toHaveBeenCalled();
  });
});
