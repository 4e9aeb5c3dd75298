import { type CSSProperties } from 'react';
import { cx } from '../cx';

export interface SkeletonProps {
  width?: CSSProperties['width'];
  height?: CSSProperties['height'];
  radius?: CSSProperties['borderRadius'];
  className?: string;
}

/** A shimmering placeholder; hidden from assistive tech (the surrounding region says it is loading). */
export function Skeleton({ width = '100%', height = 16, radius, className }: SkeletonProps) {
  return (
    <span
      className={cx('sw-skeleton', className)}
      style={{ width, height, borderRadius: radius }}
      aria-hidden="true"
    />
  );
}

/**
 * A list still loading: `count` placeholders of one size in a container marked busy (a stack, or
 * the list's own grid with `className`), named for assistive tech by `label`.
 */
export function SkeletonList({
  count,
  height,
  radius,
  className = 'sw-stack',
  label,
}: {
  count: number;
  height: number;
  radius: number;
  className?: string;
  label?: string;
}) {
  return (
    <div className={className} aria-busy="true" aria-label={label}>
      {Array.from({ length: count }, (_, i) => (
        <Skeleton key={i} height={height} radius={radius} />
      ))}
    </div>
  );
}
