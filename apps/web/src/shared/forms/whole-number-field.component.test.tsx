import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useInvalidFields } from './field-validity.context';
import { WholeNumberField } from './whole-number-field.component';

const BOUNDS = { min: 5, max: 120 };

/** A settings-like form: a draft value, and a Save that must refuse while the field is invalid. */
function Form(props: { onSave: (value: number) => void }) {
  const [value, setValue] = useState(10);
  const { invalidIds, provide } = useInvalidFields();
  return (
    <>
      {provide(
        <WholeNumberField id="minutes" label="Minutes" bounds={BOUNDS} value={value} onChange={setValue} />,
      )}
      <button type="button" disabled={false} onClick={() => invalidIds.length === 0 && props.onSave(value)}>
        Save
      </button>
    </>
  );
}

describe('a whole-number field is kept as typed and judged, never clamped per keystroke', () => {
  it('typing 15 key by key gives 15, not the 55 a clamp to the minimum made of the "1"', async () => {
    const onChange = vi.fn();
    render(<WholeNumberField id="m" label="Minutes" bounds={BOUNDS} value={10} onChange={onChange} />);
    const field = screen.getByLabelText('Minutes');
    await userEvent.clear(field);
    await userEvent.type(field, '15');
    expect(field).toHaveProperty('value', '15');
    expect(onChange).toHaveBeenLastCalledWith(15);
    expect(onChange).not.toHaveBeenCalledWith(5);
    expect(onChange).not.toHaveBeenCalledWith(55);
  });

  it('an emptied or out-of-bounds field says so at the field and passes nothing on', async () => {
    const onChange = vi.fn();
    render(<WholeNumberField id="m" label="Minutes" bounds={BOUNDS} value={10} onChange={onChange} />);
    const field = screen.getByLabelText('Minutes');
    await userEvent.clear(field);
    expect(field).toHaveProperty('value', '');
    expect(screen.getByRole('alert').textContent).toBe('Enter whole minutes from 5 to 120.');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(field, '4');
    expect(onChange).not.toHaveBeenCalled();
  });

  it('the form refuses to save the last good value while the field is being corrected', async () => {
    const onSave = vi.fn();
    render(<Form onSave={onSave} />);
    const field = screen.getByLabelText('Minutes');
    await userEvent.clear(field);
    await userEvent.type(field, '3');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.type(field, '0');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(30);
  });
});
