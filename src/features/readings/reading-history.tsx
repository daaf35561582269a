import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useMemo } from 'react';
import { formatDateTime } from '@/lib/dates';
import { i18n } from '@/lib/i18n';
import {
  chartLabel,
  chartValues,
  enteredWords,
  historyByKind,
  numberWords,
  timeTicks,
  unitLabelOf,
  valueTicks,
  valueWords,
  type KindHistory,
  type Reading,
} from './history';
import './reading-history.css';

// The drawing's own units; the SVG scales to the width it is given (viewBox, width 100%).
const W = 280;
const H = 170;
const RIGHT = 10;
const TOP = 22;
const BOTTOM = 24;
/** Room inside the plot so the first and last points do not sit on its edges. */
const INSET = 10;
/** About the width of one digit of the 13px labels, in the drawing's units. */
const DIGIT = 7.6;

/** The mark of a series: a dot for the first, an open square for the second (told apart without colour). */
function Marker({ series, x, y }: { series: number; x: number; y: number }) {
  return series === 0 ? (
    <circle className="reading-chart-point" data-testid="point" cx={x} cy={y} r={3.5} />
  ) : (
    <rect className="reading-chart-point" data-testid="point" x={x - 3.5} y={y - 3.5} width={7} height={7} />
  );
}

function Chart({ history, zone }: { history: KindHistory; zone: string }) {
  const points = history.readings.map((reading) => ({ reading, values: chartValues(history, reading) }));
  const axis = valueTicks([...points.flatMap((p) => p.values), ...history.bands.flatMap((b) => b.range)]);
  const labels = axis.ticks.map((tick) => numberWords(tick, axis.places));
  // The value labels sit left of the plot: as wide as the longest ("12,000").
  const left = 10 + DIGIT * Math.max(...labels.map((l) => l.length));
  const first = history.readings[0]?.at ?? 0;
  const last = history.readings[history.readings.length - 1]?.at ?? first;
  const plotRight = W - RIGHT;
  const plotBottom = H - BOTTOM;
  const x = (at: number) =>
    last === first
      ? (left + plotRight) / 2
      : left + INSET + ((at - first) / (last - first)) * (plotRight - left - 2 * INSET);
  const y = (value: number) => TOP + (1 - (value - axis.min) / (axis.max - axis.min)) * (plotBottom - TOP);
  const ticks = timeTicks(history, zone);

  return (
    <svg
      className="reading-chart-svg"
      viewBox={`0 0 ${W} ${H}`}
      role="img"
      aria-label={chartLabel(history, zone)}
    >
      <text x={2} y={12}>
        {unitLabelOf(history)}
      </text>
      {history.bands.map((band) => (
        <rect
          key={band.series}
          className="reading-chart-band"
          data-testid="band"
          x={left}
          width={plotRight - left}
          y={y(band.range[1])}
          height={y(band.range[0]) - y(band.range[1])}
        />
      ))}
      <g className="reading-chart-grid">
        {axis.ticks.map((tick, index) => (
          <g key={tick}>
            <line x1={left} x2={plotRight} y1={y(tick)} y2={y(tick)} />
            <text x={left - 5} y={y(tick)} dy="0.32em" textAnchor="end">
              {labels[index]}
            </text>
          </g>
        ))}
      </g>
      {history.series.map((series, index) => {
        const at = points.map((p) => [x(p.reading.at), y(p.values[index] ?? 0)] as const);
        return (
          <g
            key={series.key}
            className={`reading-chart-series reading-chart-series-${index}`}
            data-testid={`series-${series.key}`}
          >
            {at.length > 1 ? (
              <polyline data-testid="line" points={at.map(([px, py]) => `${px},${py}`).join(' ')} />
            ) : null}
            {at.map(([px, py], i) => (
              <Marker key={points[i]?.reading.id ?? i} series={index} x={px} y={py} />
            ))}
          </g>
        );
      })}
      {ticks.map((tick, index) => (
        <text
          key={tick.at}
          x={x(tick.at)}
          y={H - 6}
          textAnchor={
            ticks.length === 1 || (index > 0 && index < ticks.length - 1)
              ? 'middle'
              : index === 0
                ? 'start'
                : 'end'
          }
        >
          {tick.label}
        </text>
      ))}
    </svg>
  );
}

function KindHistoryView({ history, zone }: { history: KindHistory; zone: string }) {
  const latest = history.readings[history.readings.length - 1];
  const title = i18n._(history.config.label);
  const latestValue = latest ? valueWords(history, chartValues(history, latest)) : '';
  const latestAt = latest ? formatDateTime(latest.at, zone) : '';
  const bands = history.bandWords ? i18n._(history.bandWords) : null;
  const kindWords = title.toLowerCase();
  return (
    <div className="reading-kind">
      <h3>{title}</h3>
      {latest ? (
        <p>
          <Trans>
            Latest: <strong>{latestValue}</strong>, taken {latestAt}
          </Trans>
        </p>
      ) : null}
      <figure className="reading-chart">
        <Chart history={history} zone={zone} />
        <figcaption>
          {history.series.length > 1 ? (
            <ul className="reading-chart-legend">
              {history.series.map((series, index) => {
                const name = i18n._(series.name);
                return (
                  <li key={series.key} className={`reading-chart-series-${index}`}>
                    <svg viewBox="0 0 28 10" aria-hidden="true" className="reading-chart-key">
                      <line x1={0} x2={28} y1={5} y2={5} />
                      <Marker series={index} x={14} y={5} />
                    </svg>
                    {index === 0 ? t`${name}: solid line, dots` : t`${name}: dashed line, squares`}
                  </li>
                );
              })}
            </ul>
          ) : null}
          {bands ? <p>{t`${bands} Your care team can tell you what is right for you.`}</p> : null}
        </figcaption>
      </figure>
      <details className="reading-table">
        <summary>{t`Show ${kindWords} as a table`}</summary>
        <table className="data-table data-table-stack">
          <caption>{t`${title} readings, newest first`}</caption>
          <thead>
            <tr>
              <th scope="col">
                <Trans context="column: when a reading was taken">Taken</Trans>
              </th>
              <th scope="col">
                <Trans context="column: a reading's value">Reading</Trans>
              </th>
              <th scope="col">
                <Trans>Measured with</Trans>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...history.readings].reverse().map((reading) => (
              <tr key={reading.id}>
                <th scope="row">{formatDateTime(reading.at, zone)}</th>
                <td data-label={t({ message: 'Reading', context: "column: a reading's value" })}>
                  {enteredWords(reading)}
                </td>
                <td data-label={t`Measured with`}>{reading.device}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </div>
  );
}

/**
 * The readings by kind over time: one chart per kind with readings (blood pressure as two lines),
 * the usual range shaded where one fits adults, a summary as the chart's name, and every reading in
 * a table behind "Show … as a table". Times in the viewer's zone.
 */
export function ReadingHistory({ readings, zone }: { readings: readonly Reading[]; zone: string }) {
  const kinds = useMemo(() => historyByKind(readings), [readings]);
  if (kinds.length === 0) return null;
  return (
    <div className="reading-history">
      {kinds.map((history) => (
        <KindHistoryView key={history.config.kind} history={history} zone={zone} />
      ))}
    </div>
  );
}
