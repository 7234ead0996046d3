import { act, cleanup, fireEvent, render, renderHook, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { actionsColumn, DataTable, Pager, useDebouncedValue, usePaging, type Column } from '.';

interface Row {
  id: string;
  name: string;
  open?: boolean;
}

const rows: Row[] = [
  { id: 'a', name: 'Harbour Lights', open: true },
  { id: 'b', name: 'Open Larder' },
];

function renderTable(onEdit = vi.fn()) {
  const columns: (Column<Row> | false)[] = [
    { header: 'Name', cell: (row) => row.name, className: 'font-semibold' },
    false,
    actionsColumn((row) => (
      <button type="button" onClick={() => onEdit(row)}>
        Edit<span className="sr-only"> {row.name}</span>
      </button>
    )),
  ];
  render(
    <DataTable caption="Charities" rows={rows} columns={columns} rowKey={(row) => row.id} detail={(row) => (row.open ? `History of ${row.name}` : null)} />,
  );
  return screen.getByRole('table', { name: 'Charities' });
}

afterEach(cleanup);

describe('DataTable', () => {
  it('names the table by its caption and every column by a header, the actions one for screen readers only', () => {
    const table = renderTable();
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['Name', 'Actions']);
    expect(headers.every((header) => header.getAttribute('scope') === 'col')).toBe(true);
    expect(within(headers[1]!).getByText('Actions').className).toContain('sr-only');
  });

  it('renders a row per item, a left-out column nowhere, and a detail row across all columns only where given', () => {
    const table = renderTable();
    const bodyRows = within(table).getAllByRole('row').slice(1);
    expect(bodyRows.map((row) => row.textContent)).toEqual(['Harbour LightsEdit Harbour Lights', 'History of Harbour Lights', 'Open LarderEdit Open Larder']);
    expect(within(bodyRows[1]!).getByRole('cell').getAttribute('colspan')).toBe('2');
  });

  it("hands a row's action its own row", () => {
    const onEdit = vi.fn();
    const table = renderTable(onEdit);
    fireEvent.click(within(table).getByRole('button', { name: /^Edit\s*Open Larder$/ }));
    expect(onEdit).toHaveBeenCalledWith(rows[1]);
  });
});

describe('Pager', () => {
  it('says which items are shown and stops at either end', () => {
    const onPage = vi.fn();
    render(<Pager page={2} perPage={20} total={45} onPage={onPage} />);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByText('21–40 of 45').textContent).toBe('21–40 of 45');
    fireEvent.click(within(nav).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(3);
    cleanup();
    render(<Pager page={3} perPage={20} total={45} onPage={onPage} />);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', true);
  });

  it('is not shown when one page holds everything', () => {
    render(<Pager page={1} perPage={20} total={12} onPage={() => undefined} />);
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });
});

describe('usePaging', () => {
  it('keeps the page while the filters stay, and starts again at 1 when they change', () => {
    const { result, rerender } = renderHook(({ key }) => usePaging(key), { initialProps: { key: 'q=' } });
    act(() => result.current[1](3));
    expect(result.current[0]).toBe(3);
    rerender({ key: 'q=harbour' });
    expect(result.current[0]).toBe(1);
  });
});

describe('useDebouncedValue', () => {
  it('answers the new value only after a pause', () => {
    vi.useFakeTimers();
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 300), { initialProps: { value: 'a' } });
    rerender({ value: 'ab' });
    act(() => vi.advanceTimersByTime(299));
    expect(result.current).toBe('a');
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe('ab');
    vi.useRealTimers();
  });
});
