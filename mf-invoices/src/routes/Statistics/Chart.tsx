/**
 * One chart of /Statistik, drawn with uPlot (docs/decisions/0046-statistics-from-kept-monthly-figures.md says why that library): bars per
 * month (this period beside the year before) or a line per week. Loaded on demand with uPlot itself, so neither is in
 * the page's first load. The canvas is a picture with the section's one-line summary as its name; the numbers are in
 * the section's table view, which a keyboard or screen-reader user reaches with the button beside it.
 */
import { useEffect, useRef, useState } from 'react';
import { makeStyles } from '@fluentui/react-components';
import uPlot from 'uplot';

export interface ChartSeries {
  label: string;
  values: number[];
  color: string;
}

export interface ChartSpec {
  kind: 'bars' | 'line';
  /** One label per point (a month, a week). */
  labels: string[];
  series: ChartSeries[];
  /** A value as the axis prints it. */
  format: (value: number) => string;
}

const HEIGHT = 240;

// The part of uPlot's own style sheet a chart without legend and cursor needs: its layers stacked in place.
const useStyles = makeStyles({
  holder: {
    width: '100%',
    minHeight: `${HEIGHT}px`,
    '& .u-wrap': { position: 'relative', userSelect: 'none' },
    '& .u-over, & .u-under, & .u-axis': { position: 'absolute' },
    '& .u-under': { overflow: 'hidden' },
    '& canvas': { display: 'block', position: 'relative', width: '100%', height: '100%' },
  },
});

/**
 * A month's name on the axis: whole ('november 2026') for a few months, else short ('nov 26': the first three letters
 * of every Danish month name are its usual short form), so a year's twelve do not run into each other. The table
 * beside the chart keeps the whole names.
 */
export function axisLabel(label: string, count: number): string {
  const month = /^([a-zæøå]+) (\d{4})$/.exec(label);
  return month && count > 4 ? `${month[1]!.slice(0, 3)} ${month[2]!.slice(2)}` : label;
}

function options(spec: ChartSpec, width: number): uPlot.Options {
  const count = spec.series.length;
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { show: false },
    // Every month's place, whatever the data: with one month uPlot's own range put its bar at the left edge, a
    // hairline beside an empty grid.
    scales: { x: { time: false, auto: false, range: () => [-0.5, Math.max(spec.labels.length, 1) - 0.5] } },
    axes: [
      { values: (_plot, splits) => splits.map((split) => (Number.isInteger(split) ? axisLabel(spec.labels[split] ?? '', spec.labels.length) : '')), gap: 4, size: 40 },
      // As wide as the longest amount ('36.879,00 kr.'): a fixed width cut off the thousands.
      { values: (_plot, splits) => splits.map(spec.format), size: (_plot, values) => 16 + 7 * Math.max(4, ...(values ?? []).map((value) => String(value).length)) },
    ],
    series: [
      {},
      ...spec.series.map((series, index) => ({
        label: series.label,
        stroke: series.color,
        fill: spec.kind === 'bars' ? series.color : undefined,
        width: spec.kind === 'bars' ? 0 : 2,
        points: { show: spec.kind === 'line' },
        // Bars of one point side by side: the first left of its tick, the next right of it.
        paths: spec.kind === 'bars' ? uPlot.paths.bars!({ size: [0.7 / count, 48], align: count === 1 ? 0 : index === 0 ? -1 : 1 }) : undefined,
      })),
    ],
  };
}

export default function Chart({ spec, name, failed }: { spec: ChartSpec; name: string; /** Said instead when the browser cannot draw it (no canvas). */ failed: string }) {
  const styles = useStyles();
  const holder = useRef<HTMLDivElement>(null);
  const [broken, setBroken] = useState(false);
  useEffect(() => {
    const element = holder.current;
    if (!element) return;
    const data: uPlot.AlignedData = [spec.labels.map((_, index) => index), ...spec.series.map((series) => series.values)];
    let plot: uPlot;
    try {
      // A browser that cannot draw on a canvas gets the sentence instead (uPlot would fail later, out of reach).
      if (!document.createElement('canvas').getContext('2d')) throw new Error('no 2d canvas');
      plot = new uPlot(options(spec, element.clientWidth || 600), data, element);
    } catch (error) {
      console.warn('Chart failed', error);
      setBroken(true);
      return;
    }
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth || 600, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [spec]);
  if (broken) return <p>{failed}</p>;
  return <div ref={holder} role="img" aria-label={name} className={styles.holder} />;
}
