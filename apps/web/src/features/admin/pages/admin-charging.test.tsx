// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminChargeQueueRow } from '@pledgeway/domain/schemas/admin';
import type { ChargeRun } from '@pledgeway/domain/schemas/lifecycle';
import AdminChargingPage from './admin-charging';

const mocks = vi.hoisted(() => ({
  waiting: [] as AdminChargeQueueRow[],
  release: vi.fn(async () => ({ success: true, message: 'The hold is lifted and charging has started', data: null })),
  charge: vi.fn(),
  run: {
    data: {
      _id: 'run-1',
      status: 'held',
      outcome: 'charge',
      trigger: 'deadline',
      total: 0,
      charged: 0,
      failed: 0,
      released: 0,
      charged_amount: 0,
      pledges: { total: 0, charged: 0, failed: 0, released: 0, charged_amount: 0 },
      funding: null,
    } as Partial<ChargeRun>,
    isError: false,
  },
}));
vi.mock('../api/get-charging', () => ({
  useCharging: () => ({ data: { waiting: mocks.waiting, failed: [] }, isPending: false, isError: false, error: null, refetch: vi.fn() }),
}));
vi.mock('../api/charge-event', () => ({ useChargeEvent: () => ({ mutateAsync: mocks.charge, isPending: false }) }));
vi.mock('../api/charge-hold', () => ({ useReleaseHold: () => ({ mutateAsync: mocks.release, isPending: false }) }));
vi.mock('../api/get-charge-run', () => ({ useChargeRun: () => mocks.run }));
afterEach(cleanup);

const heldRow: AdminChargeQueueRow = {
  _id: 'event-1',
  name: 'Library Roof Fund',
  kind: 'crowdfunding',
  funding_model: 'all_donations',
  target_amount: 5000,
  completed_at: '2030-01-03T12:00:30.000Z',
  counted_amount: 900,
  charge: {
    outcome: 'charge',
    pledges: { count: 4, amount: 161.13 },
    match_charges: { count: 1, amount: 60 },
    funding: { amount: 100, to_charity: 91.8 },
  },
  charge_run_id: 'run-1',
  charge_run_status: 'held',
  charged_at_deadline: true,
  held: true,
};

describe('the charging queue', () => {
  it('shows a crowdfunding run held at its deadline, and Release and charge lifts the hold after a confirmation', async () => {
    mocks.waiting = [heldRow];
    render(<AdminChargingPage />);
    // The deadline is shown in the reader's time zone.
    expect(screen.getByText(/deadline passed/).textContent).toMatch(
      /^4 pledges to charge: \$161\.13 · 1 match charge: at most \$60\.00 · deadline passed \w{3} \d{1,2}, 20(29|30), \d{1,2}:\d\d [AP]M$/,
    );
    expect(screen.getByText('Held for review at the deadline: nothing has been charged or released yet.').textContent).toBe(
      'Held for review at the deadline: nothing has been charged or released yet.',
    );
    expect(screen.queryByRole('button', { name: /^Charge/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Release and charge\s*Library Roof Fund$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift the hold and charge?' });
    expect(within(dialog).getByText(/All Donations: every pledge will be charged/).textContent).toBe(
      'Library Roof Fund: All Donations: every pledge will be charged. This cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release and charge' }));
    await vi.waitFor(() => expect(mocks.release).toHaveBeenCalledWith('event-1'));
    expect(mocks.charge).not.toHaveBeenCalled();
  });

  it('counts a running run in pledges as its header does, with the funding said apart, and never reads finished while it runs', () => {
    mocks.waiting = [
      {
        ...heldRow,
        held: false,
        charge_run_status: 'running',
        charged_at_deadline: false,
        charge: { ...heldRow.charge, pledges: { count: 2, amount: 145.5 } },
        completed_at: null,
      },
    ];
    mocks.run = {
      data: {
        _id: 'run-1',
        status: 'running',
        outcome: 'charge',
        trigger: 'admin',
        total: 3,
        charged: 2,
        failed: 0,
        released: 0,
        charged_amount: 125,
        pledges: { total: 2, charged: 1, failed: 0, released: 0, charged_amount: 25 },
        match_charges: { total: 0, charged: 0, failed: 0, released: 0, charged_amount: 0 },
        funding: { amount: 100, to_charity: 91.8, outcome: 'passed_on' },
        open_disputes: 0,
      },
      isError: false,
    };
    render(<AdminChargingPage />);
    expect(screen.getByText('2 pledges to charge: $145.50 · 1 match charge: at most $60.00 · completed').textContent).toBe(
      '2 pledges to charge: $145.50 · 1 match charge: at most $60.00 · completed',
    );
    expect(screen.getByText(/1 of 2 pledges done: 1 charged \(\$25\.00\), 0 failed, 0 released\./).textContent).toBe(
      'Running: charging the pledges one by one. 1 of 2 pledges done: 1 charged ($25.00), 0 failed, 0 released.',
    );
    expect(screen.getByText('Running: charging the pledges one by one.').textContent).toBe('Running: charging the pledges one by one.');
    expect(screen.queryByText(/finished/i)).toBeNull();
    // The card and the progress line say the same of the funding, both fees named and the charity's share exact.
    expect(
      screen.getAllByText(
        "The creator's funding of $100.00, charged at submission, passes $91.80 on to the charity (less its card fee and the 5% platform fee); it is not charged again.",
      ),
    ).toHaveLength(2);
  });

  it('asks for one charge run however often Charge now is clicked while the request is out', async () => {
    mocks.waiting = [{ ...heldRow, held: false, charge_run_id: null, charge_run_status: null, charged_at_deadline: false }];
    let answer!: (run: { _id: string }) => void;
    mocks.charge.mockReturnValue(new Promise((resolve) => (answer = resolve)));
    render(<AdminChargingPage />);
    fireEvent.click(screen.getByRole('button', { name: /^Charge\s*Library Roof Fund$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Charge every pledge?' });
    const chargeNow = within(dialog).getByRole('button', { name: 'Charge now' });
    fireEvent.click(chargeNow);
    fireEvent.click(chargeNow);
    expect(mocks.charge).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect((chargeNow as HTMLButtonElement).disabled).toBe(true));
    answer({ _id: 'run-2' });
  });
});
