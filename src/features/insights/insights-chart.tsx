import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';

export interface Series {
  name: string;
  /** One value per category; null where there is nothing to show. */
  values: readonly (number | null)[];
}

export interface ChartProps {
  /** The chart's title, shown above it and naming its table. */
  title: string;
  /** What the chart shows, in a sentence or two: read out instead of the picture. */
  summary: string;
  /** The category labels along the bottom (days, weeks, rooms). */
  categories: readonly string[];
  series: readonly Series[];
  kind: 'bars' | 'lines';
  /** The unit of the values, for the axis ("minutes"). */
  unit: string;
  /** The top of the scale; otherwise a round number above the largest value. */
  max?: number;
  /** Show every n-th category label so they do not crowd. */
  labelEvery?: number;
  /** The table behind the chart, for reading the exact figures. */
  table: ReactNode;
}

const W = 640;
const H = 240;
const PAD = { top: 24, right: 12, bottom: 40, left: 48 };

/** A round top for the axis: 1, 2 or 5 times a power of ten at or above the largest value. */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  const step = [1, 2, 5, 10].find((m) => m * power >= value) ?? 10;
  return step * power;
}

const round = (n: number) => Math.round(n * 10) / 10;

/**
 * A hand-drawn chart (bars or lines) that scales with its box: `role="img"` with a summary in
 * words, a legend, and the same figures as a table under "Show the table". Colours come from the
 * theme's variables (insights.css), so both themes read.
 */
export function InsightsChart({
  title,
  summary,
  categories,
  series,
  kind,
  unit,
  max,
  labelEvery = 1,
  table,
}: ChartProps) {
  const titleId = useId();
  const values = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const top = max ?? niceMax(Math.max(0, ...values));
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, categories.length);
  const y = (v: number) => PAD.top + plotH - (Math.min(v, top) / top) * plotH;
  const ticks = [0, 0.25, 0.5, 0.75, 1].map((f) => f * top);
  const barW = (slot * 0.8) / Math.max(1, series.length);
  const chart = title.toLowerCase();

  return (
    <figure className="insights-chart">
      <figcaption id={titleId} className="insights-chart-title">
        {title}
      </figcaption>
      <svg
        viewBox={`0 0 ${W} ${H}`}
        role="img"
        aria-label={t`${title}. ${summary}`}
        preserveAspectRatio="xMidYMid meet"
      >
        {ticks.map((v) => (
          <g key={v} aria-hidden="true">
            <line className="insights-grid" x1={PAD.left} x2={W - PAD.right} y1={y(v)} y2={y(v)} />
            <text className="insights-axis" x={PAD.left - 6} y={y(v) + 4} textAnchor="end">
              {round(v)}
            </text>
          </g>
        ))}
        <text className="insights-axis" x={4} y={PAD.top - 8} aria-hidden="true">
          {unit}
        </text>
        {categories.map((label, i) =>
          i % labelEvery === 0 ? (
            <text
              key={`${label}-${i}`}
              className="insights-axis"
              x={PAD.left + slot * (i + 0.5)}
              y={H - PAD.bottom + 24}
              textAnchor="middle"
              aria-hidden="true"
            >
              {label}
            </text>
          ) : null,
        )}
        {kind === 'bars'
          ? series.map((s, si) =>
              s.values.map((v, i) =>
                v === null || v <= 0 ? null : (
                  <rect
                    key={`${si}-${i}`}
                    className={`insights-s${si + 1}`}
                    x={PAD.left + slot * i + slot * 0.1 + barW * si}
                    y={y(v)}
                    width={Math.max(1, barW - 1)}
                    height={PAD.top + plotH - y(v)}
                  />
                ),
              ),
            )
          : series.map((s, si) => {
              const points = s.values.flatMap((v, i) =>
                v === null ? [] : [`${round(PAD.left + slot * (i + 0.5))},${round(y(v))}`],
              );
              return (
                <g key={s.name} className={`insights-s${si + 1}`}>
                  <polyline className="insights-line" points={points.join(' ')} />
                  {points.map((p) => {
                    const [cx, cy] = p.split(',');
                    return <circle key={p} cx={cx} cy={cy} r={3} />;
                  })}
                </g>
              );
            })}
        <line
          className="insights-baseline"
          x1={PAD.left}
          x2={W - PAD.right}
          y1={PAD.top + plotH}
          y2={PAD.top + plotH}
        />
      </svg>
      {series.length > 1 ? (
        <ul className="insights-legend" aria-label={t`Key to ${chart}`}>
          {series.map((s, si) => (
            <li key={s.name}>
              <svg viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
                <rect className={`insights-s${si + 1}`} width="12" height="12" />
              </svg>
              {s.name}
            </li>
          ))}
        </ul>
      ) : null}
      <details className="insights-details">
        <summary>
          <Trans>Show the table</Trans>
        </summary>
        {/* A wide table scrolls inside its own box, so the page never scrolls sideways. */}
        <div className="insights-table" tabIndex={0} role="region" aria-label={t`${title}, table`}>
          {table}
        </div>
      </details>
    </figure>
  );
}
