import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Composer } from '../../web/src/features/analysis/components/composer';

function Harness({
  initial,
  onSubmit = () => undefined,
  disabled = false,
}: {
  initial: string;
  onSubmit?: () => void;
  disabled?: boolean;
}) {
  const [value, setValue] = useState(initial);
  return <Composer value={value} onChange={setValue} onSubmit={onSubmit} disabled={disabled} placeholder="Ask" />;
}

afterEach(cleanup);

describe('Composer: the question box', () => {
  it('shows no counter below 1800 characters', () => {
    render(<Harness initial={'a'.repeat(1799)} />);
    expect(screen.queryByText(/\/2000/)).toBeNull();
  });

  it('shows a yellow counter from 1800 characters', () => {
    render(<Harness initial={'a'.repeat(1800)} />);
    const counter = screen.getByText('1800/2000');
    expect(counter.className).toContain('text-amber-300');
  });

  it("shows a red 'Too long' counter and disables send above 2000", () => {
    render(<Harness initial={'a'.repeat(2001)} />);
    expect(screen.getByText('2001/2000 Too long').className).toContain('text-rose-300');
    expect((screen.getByRole('button', { name: 'Send' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('hard-limits typing to 2100 characters', () => {
    render(<Harness initial="" />);
    expect(screen.getByLabelText('Ask a question about your data').getAttribute('maxlength')).toBe('2100');
  });

  it('sends on Enter and keeps Shift+Enter for new lines', () => {
    const onSubmit = vi.fn();
    render(<Harness initial="Who are my top customers?" onSubmit={onSubmit} />);
    const input = screen.getByLabelText('Ask a question about your data');
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('is inert while disabled (no file yet, or a reply pending)', () => {
    const onSubmit = vi.fn();
    render(<Harness initial="Hello" onSubmit={onSubmit} disabled />);
    fireEvent.keyDown(screen.getByLabelText('Ask a question about your data'), { key: 'Enter' });
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
