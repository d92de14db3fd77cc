import type { DoctorReportJournal } from '@medrem/contract';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import {
  SERIES_COLOURS,
  TARGET_FILL,
  drawWeeklyChart,
  niceScale,
  weeklyChartShapes,
} from '../../../src/features/reports/render/doctor-report-pdf-chart';
import { pdfFills, pdfText } from './report-files';

type Section = DoctorReportJournal['measurements'][number];

/** Three weeks of blood pressure, the middle one high; a systolic target of 100–135, diastolic below 85. */
const pressure: Section = {
  type: 'blood-pressure',
  label: 'Blood pressure',
  loinc: '85354-9',
  unit: 'mm[Hg]',
  unitText: 'mmHg',
  components: [
    { key: 'systolic', label: 'Systolic', loinc: '8480-6', unit: 'mm[Hg]' },
    { key: 'diastolic', label: 'Diastolic', loinc: '8462-4', unit: 'mm[Hg]' },
    { key: 'pulse', label: 'Pulse', loinc: '8867-4', unit: '/min' },
  ],
  readings: [],
  weeks: [
    {
      weekStart: '2026-11-02',
      count: 14,
      mean: { systolic: 128, diastolic: 82 },
      min: { systolic: 120, diastolic: 78 },
      max: { systolic: 136, diastolic: 88 },
    },
    {
      weekStart: '2026-11-09',
      count: 12,
      mean: { systolic: 150, diastolic: 95 },
      min: { systolic: 141, diastolic: 90 },
      max: { systolic: 162, diastolic: 101 },
    },
    {
      weekStart: '2026-11-16',
      count: 14,
      mean: { systolic: 131, diastolic: 84 },
      min: { systolic: 124, diastolic: 80 },
      max: { systolic: 139, diastolic: 87 },
    },
  ],
  targets: [
    { component: 'systolic', low: 100, high: 135 },
    { component: 'diastolic', low: null, high: 85 },
  ],
};
const BOX = { x: 48, y: 300, width: 499, height: 150 };
const hex = (c: (typeof SERIES_COLOURS)[number]) =>
  `#${[c.red, c.green, c.blue]
    .map((v) =>
      Math.round(v * 255)
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

describe('the weekly chart of the doctor’s PDF (decision 347)', () => {
  it('rounds its scale to readable steps around every value and target', () => {
    expect(niceScale(78, 162)).toEqual({ low: 75, high: 175, ticks: [75, 100, 125, 150, 175] });
    expect(niceScale(5.4, 6.1)).toMatchObject({ low: 5.4, high: 6.2 });
    // One value: a band around it, not a zero-height axis.
    const one = niceScale(70, 70);
    expect(one.low).toBeLessThan(70);
    expect(one.high).toBeGreaterThan(70);
  });

  it('places each week’s lowest, mean and highest on one scale, over the target bands', () => {
    const shapes = weeklyChartShapes(pressure, BOX)!;
    const { plot, scale } = shapes;
    const yOf = (v: number) => plot.y + ((v - scale.low) / (scale.high - scale.low)) * plot.height;
    // Only the numbers with readings: no pulse this time.
    expect(shapes.series.map((s) => s.key)).toEqual(['systolic', 'diastolic']);
    const systolic = shapes.series[0]!.weeks;
    expect(systolic.map((w) => w.mean)).toEqual([128, 150, 131].map(yOf));
    expect(systolic.map((w) => [w.low, w.high])).toEqual([
      [yOf(120), yOf(136)],
      [yOf(141), yOf(162)],
      [yOf(124), yOf(139)],
    ]);
    // Weeks left to right at equal steps, inside the plot.
    expect(systolic[0]!.x).toBeGreaterThan(plot.x);
    expect(systolic[2]!.x).toBeLessThan(plot.x + plot.width);
    expect(systolic[1]!.x - systolic[0]!.x).toBeCloseTo(systolic[2]!.x - systolic[1]!.x);
    // An open end of a target reaches the plot's edge.
    expect(shapes.targets).toEqual([
      { component: 'systolic', y0: yOf(100), y1: yOf(135) },
      { component: 'diastolic', y0: plot.y, y1: yOf(85) },
    ]);
    expect(shapes.weekLabels.map((l) => l.text)).toEqual(['11-02', '11-09', '11-16']);
  });

  it('draws the target bands, each number’s band and mean points as vector shapes, with a legend', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([595.28, 841.89]);
    const font = await doc.embedFont(StandardFonts.Helvetica);
    drawWeeklyChart({ page, box: BOX, font, printable: (t) => t.replace('’', "'") }, pressure);
    const data = await doc.save();
    const fills = await pdfFills(data);
    const shapes = weeklyChartShapes(pressure, BOX)!;
    // The two target rectangles across the plot (the legend's key is small), as tall as their bands.
    const targets = fills.filter((f) => f.colour === hex(TARGET_FILL) && f.bounds[2]! > 100);
    expect(targets.map((f) => f.bounds[3])).toEqual(
      shapes.targets.map((t) => expect.closeTo(t.y1 - t.y0, 3) as unknown as number),
    );
    // Systolic's min–max band: one polygon from its lowest low to its highest high (paths run y down).
    const band = fills.find((f) => f.colour === hex(SERIES_COLOURS[0]!) && f.bounds[2]! - f.bounds[0]! > 100);
    expect(band?.bounds[1]).toBeCloseTo(-Math.max(...shapes.series[0]!.weeks.map((w) => w.high)), 3);
    expect(band?.bounds[3]).toBeCloseTo(-Math.min(...shapes.series[0]!.weeks.map((w) => w.low)), 3);
    // A mean point per week and number (small filled circles).
    const points = fills.filter(
      (f) =>
        (f.colour === hex(SERIES_COLOURS[0]!) || f.colour === hex(SERIES_COLOURS[1]!)) &&
        f.bounds[2]! - f.bounds[0]! < 5,
    );
    expect(points).toHaveLength(6);
    const text = await pdfText(data);
    expect(text).toContain('Systolic');
    expect(text).toContain('Target range');
    expect(text).toContain("Line: the week's mean; band: its lowest to highest.");
  });

  it('draws nothing without a week', () => {
    expect(weeklyChartShapes({ ...pressure, weeks: [] }, BOX)).toBeNull();
  });
});
