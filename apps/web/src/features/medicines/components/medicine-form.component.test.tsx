import type { DerivedMedicineFigures } from '@medrem/domain';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { addMedicineFormSchema, type MedicineFormValues } from '../medicine-form.schema';
import { MedicineForm } from './medicine-form.component';

const TIMES = ['08:00', '14:00', '20:00', '22:00'];

function renderForm() {
  const onSubmit = vi.fn<(values: MedicineFormValues, derived: DerivedMedicineFigures) => Promise<boolean>>(
    () => Promise.resolve(false),
  );
  render(
    <MedicineForm
      idPrefix="add"
      schema={addMedicineFormSchema}
      defaultValues={{ startDate: '2026-12-06', frequency: '', name: '', dosage: '', instructions: '' }}
      defaultReminderTimes={TIMES}
      userFollowUps={{ everyMinutes: 10, times: 3 }}
      today="2026-12-06"
      addedAt="2026-12-06T06:00:00Z"
      timeZone="UTC"
      submitLabel="Add Medicine"
      busyLabel="Adding..."
      onSubmit={onSubmit}
    />,
  );
  return { onSubmit, user: userEvent.setup() };
}

async function fillTheRest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Medicine Name'), 'Alendronate');
  await user.type(screen.getByLabelText('Total Duration (days)'), '84');
  await user.type(screen.getByLabelText('Supply Duration (days)'), '84');
  await user.type(screen.getByLabelText('Total Pills'), '12');
  await user.type(screen.getByLabelText('Pills per Dose'), '1');
}

/** What a control's aria-describedby points at, as a screen reader reads it after its name. */
const description = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => (id ? document.getElementById(id)?.textContent : ''))
    .join(' ');
const checked = (box: HTMLElement) => (box as HTMLInputElement).checked;
const valueOf = (input: HTMLElement) => (input as HTMLInputElement).value;

const doseTimes = () => screen.getByRole('group', { name: 'Dose times' });
const weekdays = () => screen.getByRole('group', { name: 'Days of the week' });

describe('the medicine form’s schedule controls (decision 195)', () => {
  it('ticks no weekday for the user: Sunday alone is saved as Sundays', async () => {
    const { onSubmit, user } = renderForm();
    await user.selectOptions(screen.getByLabelText('How is it taken?'), 'weekdays');
    for (const box of screen.getAllByRole('checkbox').filter((b) => weekdays().contains(b)))
      expect(checked(box)).toBe(false);
    await user.click(screen.getByRole('checkbox', { name: 'Sunday' }));
    await user.click(screen.getByRole('checkbox', { name: /Morning/ }));
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    const [values] = onSubmit.mock.calls[0]!;
    expect(values.schedule).toEqual({ kind: 'weekdays', days: [0] });
    expect(values.frequency).toBe('1-0-0');
  });

  it('refuses a weekday schedule with no day, and says so at the days', async () => {
    const { onSubmit, user } = renderForm();
    await user.selectOptions(screen.getByLabelText('How is it taken?'), 'weekdays');
    await user.click(screen.getByRole('checkbox', { name: /Morning/ }));
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(description(weekdays())).toContain('Choose at least one day of the week.');
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    expect(description(weekdays())).not.toContain('Choose at least one day of the week.');
  });

  it('offers the dose slots as choices with their times, none chosen, and writes the spec’s pattern', async () => {
    const { onSubmit, user } = renderForm();
    const boxes = screen.getAllByRole('checkbox').filter((b) => doseTimes().contains(b));
    expect(boxes.map((b) => b.closest('label')?.textContent)).toEqual([
      'Morning · 8:00 AM',
      'Afternoon · 2:00 PM',
      'Evening · 8:00 PM',
      'Night · 10:00 PM',
    ]);
    for (const box of boxes) expect(checked(box)).toBe(false);
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(description(doseTimes())).toContain('Choose at least one dose time');

    await user.click(screen.getByRole('checkbox', { name: /Morning/ }));
    await user.click(screen.getByRole('checkbox', { name: /Evening/ }));
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(onSubmit.mock.calls[0]?.[0].frequency).toBe('1-0-1');
  });

  it('fills in no cycle, interval or taper step length for the user', async () => {
    const { onSubmit, user } = renderForm();
    const kind = screen.getByLabelText('How is it taken?');
    await user.selectOptions(kind, 'cycle');
    expect(valueOf(screen.getByLabelText('Days taking it'))).toBe('');
    expect(valueOf(screen.getByLabelText('Days off'))).toBe('');
    await user.selectOptions(kind, 'taper');
    expect(valueOf(screen.getByLabelText('Step 1: days'))).toBe('');
    await user.selectOptions(kind, 'interval');
    expect(valueOf(screen.getByLabelText('Hours between doses'))).toBe('');
    // Nothing previewed for it, not the every-day doses it would otherwise fall back to.
    expect(screen.getByText('The next 7 days show here once the schedule is complete.')).toBeTruthy();
    expect(valueOf(screen.getByLabelText('First dose at'))).toBe('');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(description(screen.getByLabelText('Hours between doses'))).toContain(
      'Hours between doses is required',
    );
    expect(description(screen.getByLabelText('First dose at'))).toContain('Choose the first dose’s time');
    // Back to a kind with slots: the dose times are as the user left them (none), not filled in.
    await user.selectOptions(kind, 'daily');
    for (const box of screen.getAllByRole('checkbox').filter((b) => doseTimes().contains(b)))
      expect(checked(box)).toBe(false);
  });

  it('works out the supply duration from the pills and doses, and keeps the user’s own', async () => {
    const { user } = renderForm();
    const supply = screen.getByLabelText('Supply Duration (days)');
    await user.click(screen.getByRole('checkbox', { name: /Morning/ }));
    await user.click(screen.getByRole('checkbox', { name: /Evening/ }));
    await user.type(screen.getByLabelText('Total Pills'), '20');
    await user.type(screen.getByLabelText('Pills per Dose'), '1');
    expect(valueOf(supply)).toBe('10');
    await user.clear(supply);
    await user.type(supply, '12');
    await user.clear(screen.getByLabelText('Total Pills'));
    await user.type(screen.getByLabelText('Total Pills'), '40');
    expect(valueOf(supply)).toBe('12');
  });
});

describe('times set for this medicine (decision 212)', () => {
  it('saves its own times in the day’s order with one dose at each, and says what is wrong at the times', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: /Morning/ }));
    await user.click(screen.getByRole('radio', { name: 'Set times for this medicine' }));
    const own = screen.getByRole('group', { name: 'Times for this medicine' });
    // It starts from the usual time chosen: 08:00.
    expect(valueOf(screen.getByLabelText('Time 1'))).toBe('08:00');
    await user.click(screen.getByRole('button', { name: 'Add a time' }));
    await user.type(screen.getByLabelText('Time 2'), '06:30');
    await user.click(screen.getByRole('button', { name: 'Add a time' }));
    await user.type(screen.getByLabelText('Time 3'), '08:00');
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(description(own)).toContain('8:00 AM is listed twice');
    await user.click(screen.getByRole('button', { name: 'Remove time 3' }));
    expect(description(own)).not.toContain('listed twice');
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    const [values, derived] = onSubmit.mock.calls[0]!;
    expect(values).toMatchObject({ frequency: '1-1', doseTimes: ['06:30', '08:00'], schedule: null });
    expect(derived.scheduledTimes).toEqual(['06:30', '08:00']);
  });

  it('goes back to the usual times with the slots the user had chosen, and saves no own times', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('checkbox', { name: /Evening/ }));
    await user.click(screen.getByRole('radio', { name: 'Set times for this medicine' }));
    await user.click(screen.getByRole('radio', { name: 'Use my usual times' }));
    expect(checked(screen.getByRole('checkbox', { name: /Evening/ }))).toBe(true);
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    const [values] = onSubmit.mock.calls[0]!;
    expect(values).toMatchObject({ frequency: '0-0-1', doseTimes: null });
    expect(doseTimes()).toBeTruthy();
  });
});

// Decisions 254, 255: "Reminder follow-ups: use my default / custom".
describe('the medicine form’s reminder follow-ups', () => {
  const followUps = () => screen.getByRole('group', { name: 'Reminder follow-ups' });

  it('offers the user’s default as it is set, and saves null for it', async () => {
    const { onSubmit, user } = renderForm();
    const useDefault = screen.getByRole('radio', { name: 'Use my default (every 10 min, up to 3 times)' });
    expect(followUps().contains(useDefault)).toBe(true);
    expect(checked(useDefault)).toBe(true);
    expect(screen.queryByLabelText('Every (minutes)')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /Morning/ }));
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(onSubmit.mock.calls[0]?.[0].followUps).toBeNull();
  });

  it('saves a custom cadence, and refuses minutes out of range at their field', async () => {
    const { onSubmit, user } = renderForm();
    await user.click(screen.getByRole('radio', { name: 'Custom' }));
    const minutes = screen.getByLabelText('Every (minutes)');
    expect(valueOf(minutes)).toBe('10');
    await user.clear(minutes);
    await user.type(minutes, '4');
    await user.selectOptions(screen.getByLabelText('Up to (times)'), '2');
    await user.click(screen.getByRole('checkbox', { name: /Morning/ }));
    await fillTheRest(user);
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(minutes.getAttribute('aria-invalid')).toBe('true');
    expect(description(minutes)).toContain('Follow-up interval must be at least 5.');

    await user.clear(minutes);
    await user.type(minutes, '5');
    expect(description(minutes)).not.toContain('must be');
    await user.click(screen.getByRole('button', { name: 'Add Medicine' }));
    expect(onSubmit.mock.calls[0]?.[0].followUps).toEqual({ everyMinutes: 5, times: 2 });
  });
});
