import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { typeView } from '../journal-test-types';
import { MeasurementForm } from './measurement-form.component';
import { SymptomForm } from './symptom-form.component';

const NOW = { date: '2026-12-06', time: '08:05', at: Date.parse('2026-12-06T08:05:00Z') };

function renderReadingForm(displayUnits: Record<string, string> = {}) {
  const onSave = vi.fn(() => Promise.resolve());
  const types = (['blood-pressure', 'weight'] as const).map((k) => typeView(k, displayUnits[k]));
  render(<MeasurementForm types={types} timeZone="UTC" now={NOW} onSave={onSave} />);
  return onSave;
}

const save = () => userEvent.click(screen.getByRole('button', { name: 'Save reading' }));

describe('the reading form says what is wrong at its field, and saves nothing until right', () => {
  it('asks for the systolic first, then refuses a systolic not above the diastolic', async () => {
    const onSave = renderReadingForm();
    await save();
    expect(screen.getByLabelText('Systolic (mmHg)').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByRole('alert').textContent).toBe('Enter the systolic.');
    await userEvent.type(screen.getByLabelText('Systolic (mmHg)'), '80');
    await userEvent.type(screen.getByLabelText('Diastolic (mmHg)'), '90');
    await save();
    expect(screen.getByRole('alert').textContent).toBe(
      'The systolic (upper) number must be above the diastolic.',
    );
    expect(onSave).not.toHaveBeenCalled();
  });

  it('says a physical limit in the unit the person types in, and refuses what is not a number', async () => {
    const onSave = renderReadingForm({ weight: '[lb_av]' });
    await userEvent.selectOptions(screen.getByLabelText('Type'), 'weight');
    await userEvent.type(screen.getByLabelText('Weight (lb)'), '2000');
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Weight must be between 0.7 and 1433 lb.');
    await userEvent.clear(screen.getByLabelText('Weight (lb)'));
    await userEvent.type(screen.getByLabelText('Weight (lb)'), '15o');
    await save();
    expect(screen.getByRole('alert').textContent).toBe('Enter a number.');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses a time in the future, and saves a reading as typed at the time chosen', async () => {
    const onSave = renderReadingForm();
    await userEvent.type(screen.getByLabelText('Systolic (mmHg)'), '128');
    await userEvent.type(screen.getByLabelText('Diastolic (mmHg)'), '82');
    await userEvent.type(screen.getByLabelText('Pulse (beats/min), optional'), '64');
    const time = screen.getByLabelText('Time');
    await userEvent.clear(time);
    await userEvent.type(time, '09:00');
    await save();
    expect(screen.getByRole('alert').textContent).toBe('A reading cannot be recorded in the future.');
    await userEvent.clear(time);
    await userEvent.type(time, '07:30');
    await save();
    expect(onSave).toHaveBeenCalledWith({
      type: 'blood-pressure',
      unit: 'mm[Hg]',
      values: { systolic: 128, diastolic: 82, pulse: 64 },
      measuredAt: '2026-12-06T07:30:00.000Z',
    });
  });
});

describe('the symptom form', () => {
  function renderSymptomForm() {
    const onSave = vi.fn(() => Promise.resolve());
    const onAddName = vi.fn(() => Promise.resolve());
    render(
      <SymptomForm
        names={['Dizziness', 'Headache']}
        medicines={[{ id: 'b1d7c0a4-8f7e-4c53-9a39-0f7d5b9d2a11', name: 'Lisinopril' }]}
        now={() => NOW.at}
        onAddName={onAddName}
        onSave={onSave}
      />,
    );
    return { onSave, onAddName };
  }
  const saveSymptom = () => userEvent.click(screen.getByRole('button', { name: 'Save symptom' }));

  it('asks for a symptom and a severity', async () => {
    const { onSave } = renderSymptomForm();
    await saveSymptom();
    expect(screen.getAllByRole('alert').map((a) => a.textContent)).toEqual([
      'Choose or type a symptom.',
      'Choose how severe it is, from 1 to 5.',
    ]);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('adds the person’s own symptom to their list first, then saves it with the suspected medicine', async () => {
    const { onSave, onAddName } = renderSymptomForm();
    await userEvent.selectOptions(screen.getByLabelText('Symptom'), 'Add your own…');
    await userEvent.type(screen.getByLabelText('Your symptom'), ' Dry cough ');
    await userEvent.click(screen.getByRole('radio', { name: '3 Moderate' }));
    await userEvent.selectOptions(screen.getByLabelText('Suspected medicine, optional'), 'Lisinopril');
    await saveSymptom();
    expect(onAddName).toHaveBeenCalledWith('Dry cough');
    expect(onSave).toHaveBeenCalledWith({
      symptom: 'Dry cough',
      severity: 3,
      medicineId: 'b1d7c0a4-8f7e-4c53-9a39-0f7d5b9d2a11',
      occurredAt: '2026-12-06T08:05:00.000Z',
    });
  });

  it('refuses an own symptom longer than the list takes', async () => {
    const { onSave } = renderSymptomForm();
    await userEvent.selectOptions(screen.getByLabelText('Symptom'), 'Add your own…');
    await userEvent.type(screen.getByLabelText('Your symptom'), 'x'.repeat(61));
    await userEvent.click(screen.getByRole('radio', { name: '1 Very mild' }));
    await saveSymptom();
    expect(screen.getByRole('alert').textContent).toBe('Keep the symptom to 60 characters.');
    expect(onSave).not.toHaveBeenCalled();
  });
});
