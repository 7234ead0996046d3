// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminChargeQueueResponse, type AdminChargeQueueRow } from '@pledgeway/domain/schemas/admin';
import { ChargeHoldResponse, ChargeRunResponse, type ChargeRun } from '@pledgeway/domain/schemas/lifecycle';
import { answer, answerEach, server } from '@/test/network';
import { renderWithQueries } from '@/test/render';
import AdminChargingPage from './admin-charging';

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

const counts = { total: 0, charged: 0, failed: 0, released: 0, charged_amount: 0 };
const run = (overrides: Partial<ChargeRun> = {}): ChargeRun => ({
  _id: 'run-1',
  event_id: 'event-1',
  status: 'held',
  outcome: 'charge',
  trigger: 'deadline',
  total: 0,
  charged: 0,
  failed: 0,
  released: 0,
  charged_amount: 0,
  pledges: counts,
  match_charges: counts,
  funding: null,
  open_disputes: 0,
  started_at: '2030-01-03T12:00:30.000Z',
  finished_at: null,
  ...overrides,
});

const queue = (waiting: AdminChargeQueueRow[]) => answer('get', '/admin/charging', AdminChargeQueueResponse, { success: true, data: { waiting, failed: [] } });

describe('the charging queue', () => {
  it('shows a crowdfunding run held at its deadline, and Release and charge lifts the hold after a confirmation', async () => {
    const released: string[] = [];
    server.use(
      queue([heldRow]),
      answer('get', '/admin/charge-runs/run-1', ChargeRunResponse, { success: true, data: run() }),
      answerEach('delete', '/admin/events/:id/charge-hold', ChargeHoldResponse, (request) => {
        released.push(new URL(request.url).pathname);
        return { success: true as const, message: 'The hold is lifted and charging has started', data: null };
      }),
      http.post('/api/admin/events/:id/charge', () => HttpResponse.json({ message: 'not expected' }, { status: 500 })),
    );
    renderWithQueries(<AdminChargingPage />);
    expect((await screen.findByText(/deadline passed/)).textContent).toMatch(
      /^4 pledges to charge: \$161\.13 · 1 match charge: at most \$60\.00 · deadline passed \S/,
    );
    expect((await screen.findByText(/^Held for review/)).textContent).toBe('Held for review at the deadline: nothing has been charged or released yet.');
    expect(screen.queryByRole('button', { name: /^Charge/ })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: /^Release and charge\s*Library Roof Fund$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Lift the hold and charge?' });
    expect(within(dialog).getByText(/All Donations: every pledge will be charged/).textContent).toBe(
      'Library Roof Fund: All Donations: every pledge will be charged. This cannot be undone.',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Release and charge' }));
    await vi.waitFor(() => expect(released).toEqual(['/api/admin/events/event-1/charge-hold']));
  });

  it('counts a running run in pledges as its header does, with the funding said apart, and never reads finished while it runs', async () => {
    server.use(
      queue([
        {
          ...heldRow,
          held: false,
          charge_run_status: 'running',
          charged_at_deadline: false,
          charge: { ...heldRow.charge, pledges: { count: 2, amount: 145.5 } },
          completed_at: null,
        },
      ]),
      answer('get', '/admin/charge-runs/run-1', ChargeRunResponse, {
        success: true,
        data: run({
          status: 'running',
          trigger: 'admin',
          total: 3,
          charged: 2,
          charged_amount: 125,
          pledges: { total: 2, charged: 1, failed: 0, released: 0, charged_amount: 25 },
          funding: { amount: 100, to_charity: 91.8, outcome: 'passed_on' },
        }),
      }),
    );
    renderWithQueries(<AdminChargingPage />);
    expect((await screen.findByText(/pledges to charge/)).textContent).toBe('2 pledges to charge: $145.50 · 1 match charge: at most $60.00 · completed');
    expect((await screen.findByText(/1 of 2 pledges done/)).textContent).toMatch(
      /^Running: charging the pledges one by one\. 1 of 2 pledges done: 1 charged \(\$25\.00\), 0 failed, 0 released\./,
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
    const asked: string[] = [];
    let answerRun!: () => void;
    server.use(
      queue([{ ...heldRow, held: false, charge_run_id: null, charge_run_status: null, charged_at_deadline: false }]),
      http.post('/api/admin/events/:id/charge', async ({ params }) => {
        asked.push(String(params.id));
        await new Promise<void>((resolve) => (answerRun = resolve));
        return HttpResponse.json(ChargeRunResponse.parse({ success: true, data: run({ _id: 'run-2', status: 'running', trigger: 'admin' }) }), { status: 201 });
      }),
      answer('get', '/admin/charge-runs/run-2', ChargeRunResponse, { success: true, data: run({ _id: 'run-2', status: 'running', trigger: 'admin' }) }),
    );
    renderWithQueries(<AdminChargingPage />);
    fireEvent.click(await screen.findByRole('button', { name: /^Charge\s*Library Roof Fund$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Charge every pledge?' });
    const chargeNow = within(dialog).getByRole('button', { name: 'Charge now' });
    fireEvent.click(chargeNow);
    fireEvent.click(chargeNow);
    await vi.waitFor(() => expect((chargeNow as HTMLButtonElement).disabled).toBe(true));
    await vi.waitFor(() => expect(asked).toEqual(['event-1']));
    answerRun();
    expect((await screen.findByText('Running: charging the pledges one by one.')).textContent).toBe('Running: charging the pledges one by one.');
    expect(asked).toEqual(['event-1']);
  });
});
