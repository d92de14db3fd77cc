import type { DoctorReportJournal } from '@medrem/contract';
import type { PDFFont, PDFPage, RGB } from 'pdf-lib';
import { rgb } from './pdf-colour';

type Section = DoctorReportJournal['measurements'][number];

/** A rectangle in PDF points, its origin bottom left as PDF has it. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the PDF's writer lends a drawing: the page, a box it reserved, its font and its text rule. */
export interface Canvas {
  page: PDFPage;
  box: Box;
  font: PDFFont;
  /** The text in the font's characters (the writer's rule: '?' for what it cannot show). */
  printable(text: string): string;
  /** The writer's text in its faces (issue 54); without them, `font` alone. */
  widthOf?(text: string, size: number): number;
  draw?(text: string, x: number, y: number, size: number, color: RGB): void;
  /** The legend's words in the reader's language; English without them. */
  words?: { targetRange: string; chartLegend: string };
}

const ENGLISH_WORDS = {
  targetRange: 'Target range',
  chartLegend: 'Line: the week’s mean; band: its lowest to highest.',
};

function widthIn(canvas: Canvas, text: string, size: number): number {
  return canvas.widthOf ? canvas.widthOf(text, size) : canvas.font.widthOfTextAtSize(text, size);
}

function drawIn(canvas: Canvas, text: string, x: number, y: number, size: number, color: RGB): void {
  if (canvas.draw) canvas.draw(text, x, y, size, color);
  else canvas.page.drawText(text, { x, y, size, font: canvas.font, color });
}

/** The chart's height with its legend: room for 14 weeks' ticks and two legend lines. */
export const WEEKLY_CHART_HEIGHT = 150;
const AXIS_WIDTH = 34;
const LEGEND_HEIGHT = 26;
const WEEK_LABELS = 6;
const MUTED = rgb(0.35, 0.37, 0.42);
const GRID = rgb(0.86, 0.87, 0.9);
/** The target band's fill: a pale green under everything else. */
export const TARGET_FILL = rgb(0.78, 0.92, 0.8);
/** One colour per number of a reading (systolic, diastolic, pulse). */
export const SERIES_COLOURS: readonly RGB[] = [
  rgb(0.12, 0.33, 0.72),
  rgb(0.85, 0.42, 0.08),
  rgb(0.5, 0.28, 0.66),
];

/** Where each part of the chart lies, in PDF points: the pure half, so it can be checked by itself. */
export interface WeeklyChartShapes {
  plot: Box;
  scale: { low: number; high: number };
  ticks: { value: number; y: number }[];
  weekLabels: { x: number; text: string }[];
  targets: { component: string; y0: number; y1: number }[];
  series: {
    key: string;
    label: string;
    colour: RGB;
    weeks: { x: number; low: number; mean: number; high: number }[];
  }[];
}

/**
 * The weekly chart's geometry (decision 347): per number of the type, each week's lowest to
 * highest as a band and its mean as a line, over the target bands; one scale for all numbers (a
 * blood pressure's two are read against each other), rounded to a step of 1, 2, 2.5 or 5 × 10ⁿ.
 * Null without a week.
 */
export function weeklyChartShapes(m: Section, box: Box): WeeklyChartShapes | null {
  const weeks = m.weeks;
  const keys = m.components.map((c) => c.key).filter((k) => weeks.some((w) => w.mean[k] !== undefined));
  if (weeks.length === 0 || keys.length === 0) return null;
  const targets = m.targets.filter((t) => keys.includes(t.component) && (t.low !== null || t.high !== null));
  const values = [
    ...weeks.flatMap((w) => keys.flatMap((k) => [w.min[k], w.max[k]])),
    ...targets.flatMap((t) => [t.low, t.high]),
  ].filter((v): v is number => typeof v === 'number' && Number.isFinite(v));
  const scale = niceScale(Math.min(...values), Math.max(...values));
  const plot: Box = {
    x: box.x + AXIS_WIDTH,
    y: box.y + LEGEND_HEIGHT,
    width: box.width - AXIS_WIDTH,
    height: box.height - LEGEND_HEIGHT - 4,
  };
  const yOf = (value: number) => plot.y + ((value - scale.low) / (scale.high - scale.low)) * plot.height;
  const xOf = (i: number) => plot.x + ((i + 0.5) * plot.width) / weeks.length;
  const labelEvery = Math.max(1, Math.ceil(weeks.length / WEEK_LABELS));
  return {
    plot,
    scale: { low: scale.low, high: scale.high },
    ticks: scale.ticks.map((value) => ({ value, y: yOf(value) })),
    weekLabels: weeks
      .map((w, i) => ({ i, text: w.weekStart.slice(5) }))
      .filter(({ i }) => i % labelEvery === 0 || i === weeks.length - 1)
      .map(({ i, text }) => ({ x: xOf(i), text })),
    targets: targets.map((t) => ({
      component: t.component,
      y0: yOf(Math.max(t.low ?? scale.low, scale.low)),
      y1: yOf(Math.min(t.high ?? scale.high, scale.high)),
    })),
    series: keys.map((key, n) => ({
      key,
      label: m.components.find((c) => c.key === key)?.label ?? key,
      colour: SERIES_COLOURS[n % SERIES_COLOURS.length]!,
      weeks: weeks.flatMap((w, i) =>
        w.mean[key] === undefined
          ? []
          : [{ x: xOf(i), low: yOf(w.min[key]!), mean: yOf(w.mean[key]), high: yOf(w.max[key]!) }],
      ),
    })),
  };
}

/** Bounds and ticks a reader can read: about four steps of 1, 2, 2.5 or 5 × 10ⁿ. */
export function niceScale(min: number, max: number): { low: number; high: number; ticks: number[] } {
  const span = max - min || Math.abs(max) * 0.1 || 1;
  const raw = span / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = ([1, 2, 2.5, 5, 10].find((f) => f * power >= raw) ?? 10) * power;
  const low = Math.floor((max === min ? min - span / 2 : min) / step) * step;
  const high = Math.ceil((max === min ? max + span / 2 : max) / step) * step;
  const ticks: number[] = [];
  for (let v = low; v <= high + step / 1e6; v += step) ticks.push(Math.round(v * 1e6) / 1e6);
  return { low, high, ticks };
}

/**
 * Draws the weekly chart with pdf-lib's vector primitives (rectangles, lines, paths, circles),
 * so it stays sharp when printed and adds no image to the file.
 */
export function drawWeeklyChart(canvas: Canvas, m: Section): void {
  const shapes = weeklyChartShapes(m, canvas.box);
  if (!shapes) return;
  const { page } = canvas;
  const { plot } = shapes;
  const text = (s: string, x: number, y: number, colour = MUTED) =>
    drawIn(canvas, canvas.printable(s), x, y, 7, colour);
  for (const t of shapes.targets) {
    page.drawRectangle({ x: plot.x, y: t.y0, width: plot.width, height: t.y1 - t.y0, color: TARGET_FILL });
  }
  for (const tick of shapes.ticks) {
    page.drawLine({
      start: { x: plot.x, y: tick.y },
      end: { x: plot.x + plot.width, y: tick.y },
      thickness: 0.4,
      color: GRID,
    });
    const label = String(tick.value);
    text(label, plot.x - 4 - widthIn(canvas, label, 7), tick.y - 2.5);
  }
  const axis = { thickness: 0.8, color: MUTED };
  page.drawLine({ start: { x: plot.x, y: plot.y }, end: { x: plot.x, y: plot.y + plot.height }, ...axis });
  page.drawLine({ start: { x: plot.x, y: plot.y }, end: { x: plot.x + plot.width, y: plot.y }, ...axis });
  for (const w of shapes.weekLabels) text(w.text, w.x - widthIn(canvas, w.text, 7) / 2, plot.y - 9);
  for (const s of shapes.series) {
    // The band: a polygon along the highs and back along the lows (pdf-lib's paths run y down).
    if (s.weeks.length > 1) {
      const along = s.weeks.map((w) => `${w.x} ${-w.high}`);
      const back = [...s.weeks].reverse().map((w) => `${w.x} ${-w.low}`);
      page.drawSvgPath(`M ${along.join(' L ')} L ${back.join(' L ')} Z`, {
        x: 0,
        y: 0,
        color: s.colour,
        opacity: 0.15,
      });
    }
    for (const w of s.weeks) {
      page.drawLine({
        start: { x: w.x, y: w.low },
        end: { x: w.x, y: w.high },
        thickness: 2,
        color: s.colour,
        opacity: 0.45,
      });
    }
    s.weeks.slice(1).forEach((w, i) => {
      const before = s.weeks[i]!;
      page.drawLine({
        start: { x: before.x, y: before.mean },
        end: { x: w.x, y: w.mean },
        thickness: 1.2,
        color: s.colour,
      });
    });
    for (const w of s.weeks) page.drawCircle({ x: w.x, y: w.mean, size: 1.8, color: s.colour });
  }
  legend(canvas, shapes);
}

function legend(canvas: Canvas, shapes: WeeklyChartShapes): void {
  const { page, box } = canvas;
  const words = canvas.words ?? ENGLISH_WORDS;
  let x = shapes.plot.x;
  const y = box.y + 4;
  const key = (colour: RGB, label: string) => {
    page.drawRectangle({ x, y, width: 8, height: 6, color: colour });
    const shown = canvas.printable(label);
    drawIn(canvas, shown, x + 11, y, 7, MUTED);
    x += 11 + widthIn(canvas, shown, 7) + 12;
  };
  for (const s of shapes.series) key(s.colour, s.label);
  if (shapes.targets.length > 0) key(TARGET_FILL, words.targetRange);
  drawIn(canvas, canvas.printable(words.chartLegend), x, y, 7, MUTED);
}
