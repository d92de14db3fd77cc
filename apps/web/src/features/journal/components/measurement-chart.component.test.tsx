import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MeasurementChart } from './measurement-chart.component';
import { SymptomTimeline } from './symptom-timeline.component';

const LINES = [
  { key: 'systolic', label: 'Systolic', unit: 'mmHg', target: { low: 90, high: 135 } },
  { key: 'diastolic', label: 'Diastolic', unit: 'mmHg', target: { low: 60, high: 85 } },
];

function renderChart() {
  return render(
    <MeasurementChart
      id="c"
      title="Blood pressure, last 2 weeks"
      from="2026-11-23"
      days={14}
      timeZone="Europe/Berlin"
      lines={LINES}
      readings={[
        // 07:00 UTC is 08:00 in Berlin: the table says the person's own time.
        { id: 'r1', at: '2026-12-06T07:00:00Z', values: { systolic: 128, diastolic: 82 } },
        { id: 'r2', at: '2026-12-01T17:30:00Z', values: { systolic: 141, diastolic: 88 } },
        // Before the period: neither drawn nor listed.
        { id: 'old', at: '2026-11-20T07:00:00Z', values: { systolic: 150, diastolic: 95 } },
      ]}
      adherence={{
        medicineName: 'Lisinopril',
        days: [
          { date: '2026-12-01', due: 2, taken: 1 },
          { date: '2026-12-06', due: 2, taken: 2 },
          { date: '2026-12-02', due: 0, taken: 0 },
        ],
      }}
    />,
  );
}

describe('a measurement chart and its table (decision 305)', () => {
  it('lists every reading of the period in the person’s time, with the medicine’s doses that day', async () => {
    renderChart();
    await userEvent.click(screen.getByText('Show as table'));
    const table = screen.getByRole('table', {
      name: 'Blood pressure, last 2 weeks, Nov 23 to Dec 6; Systolic target 90–135 mmHg; Diastolic target 60–85 mmHg',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'TimeSystolic (mmHg)Diastolic (mmHg)Lisinopril that day',
      'Dec 1, 6:30 PM141881 of 2 taken',
      'Dec 6, 8:00 AM128822 of 2 taken',
    ]);
  });

  it('shades each target band and draws a dose column only for days something was due', () => {
    const { container } = renderChart();
    expect(container.querySelectorAll('[data-band]')).toHaveLength(2);
    expect(
      [...container.querySelectorAll('[data-adherence]')].map((g) => g.getAttribute('data-adherence')),
    ).toEqual(['2026-12-01', '2026-12-06']);
    // Two markers per line: the reading before the period is left out.
    expect(container.querySelectorAll('[data-line="systolic"] circle')).toHaveLength(2);
    // The picture is hidden from assistive technology: the table says it.
    expect(container.querySelector('svg[viewBox^="0 0 640"]')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('says when the period has no readings', () => {
    render(
      <MeasurementChart
        id="e"
        title="Weight"
        from="2026-11-23"
        days={14}
        timeZone="UTC"
        lines={[]}
        readings={[]}
      />,
    );
    expect(screen.getByText('No readings in this period.')).toBeTruthy();
  });
});

describe('the symptom timeline’s table', () => {
  it('names each entry with its severity, the suspected medicine and the note', async () => {
    render(
      <SymptomTimeline
        from="2026-11-23"
        days={14}
        timeZone="UTC"
        entries={[
          {
            id: 's1',
            at: '2026-12-05T09:00:00Z',
            name: 'Dizziness',
            level: 3,
            levelText: '3 of 5',
            medicineName: 'Lisinopril',
            note: 'On standing up',
          },
          {
            id: 'm1',
            at: '2026-12-04T12:00:00Z',
            name: 'Mood',
            level: 4,
            levelText: 'Good (4 of 5)',
            timeText: 'Dec 4',
          },
        ]}
      />,
    );
    await userEvent.click(screen.getByText('Show as table'));
    const rows = within(screen.getByRole('table'))
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows.slice(1)).toEqual([
      'Dec 4MoodGood (4 of 5)',
      'Dec 5, 9:00 AMDizziness3 of 5Suspected: Lisinopril. On standing up',
    ]);
  });
});
