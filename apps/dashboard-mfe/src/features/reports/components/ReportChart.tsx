// Loaded only by the Reports page (a lazy import): the visx packages stay out of every other chunk.
import { AxisBottom, AxisLeft, AxisRight } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, LinePath } from '@visx/shape';
import { useEffect, useRef, useState } from 'react';
import type { ReportPoint } from '@slotwise/contracts';

export interface ReportChartProps {
  points: ReportPoint[];
  /** Bars: appointments; line: expected revenue (dollars), on its own scale. */
  title: string;
}

const HEIGHT = 220;
const MARGIN = { top: 12, right: 44, bottom: 32, left: 36 };

function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) =>
      setWidth(Math.max(260, entry!.contentRect.width)),
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return { ref, width };
}

const shortDate = (d: string) => `${+d.slice(8, 10)}/${+d.slice(5, 7)}`;

export default function ReportChart({ points, title }: ReportChartProps) {
  const { ref, width } = useWidth();
  const innerWidth = width - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand({
    domain: points.map((p) => p.start),
    range: [0, innerWidth],
    padding: 0.25,
  });
  const maxCount = Math.max(1, ...points.map((p) => p.appointments));
  const y = scaleLinear({ domain: [0, maxCount], range: [innerHeight, 0], nice: true });
  const maxRevenue = Math.max(1, ...points.map((p) => p.expectedRevenueCents / 100));
  const yRevenue = scaleLinear({ domain: [0, maxRevenue], range: [innerHeight, 0], nice: true });
  const every = Math.ceil(points.length / Math.max(1, Math.floor(innerWidth / 48)));
  return (
    <div ref={ref} className="rep-chart">
      <svg width={width} height={HEIGHT} role="img" aria-label={title}>
        <Group left={MARGIN.left} top={MARGIN.top}>
          {points.map((p) => (
            <Bar
              key={p.start}
              x={x(p.start)}
              y={y(p.appointments)}
              width={x.bandwidth()}
              height={innerHeight - y(p.appointments)}
              className="rep-bar"
            >
              <title>{`${p.start}: ${p.appointments} appointments`}</title>
            </Bar>
          ))}
          <LinePath
            data={points}
            x={(p) => (x(p.start) ?? 0) + x.bandwidth() / 2}
            y={(p) => yRevenue(p.expectedRevenueCents / 100)}
            className="rep-line"
          />
          <AxisLeft scale={y} numTicks={Math.min(4, maxCount)} tickFormat={(v) => String(v)} />
          <AxisRight
            scale={yRevenue}
            left={innerWidth}
            numTicks={4}
            tickFormat={(v) => `$${Number(v).toLocaleString('en-AU')}`}
          />
          <AxisBottom
            scale={x}
            top={innerHeight}
            tickValues={points.filter((_, i) => i % every === 0).map((p) => p.start)}
            tickFormat={shortDate}
          />
        </Group>
      </svg>
      <p className="rep-legend">
        <span className="rep-key rep-key-bar" /> Appointments{' '}
        <span className="rep-key rep-key-line" /> Expected revenue
      </p>
    </div>
  );
}
