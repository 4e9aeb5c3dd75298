// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import { SkeletonList } from './Skeleton';

afterEach(cleanup);

it('SkeletonList shows count placeholders of one size in a busy, named container', () => {
  render(<SkeletonList count={3} height={44} radius={10} label="Loading activity" />);
  const list = screen.getByLabelText('Loading activity');
  expect(list.getAttribute('aria-busy')).toBe('true');
  expect(list.className).toBe('sw-stack');
  const shapes = list.querySelectorAll<HTMLElement>('.sw-skeleton');
  expect(shapes).toHaveLength(3);
  for (const shape of shapes) {
    expect(shape.style.height).toBe('44px');
    expect(shape.style.borderRadius).toBe('10px');
  }
});

it('SkeletonList takes the list’s own layout class', () => {
  const { container } = render(
    <SkeletonList count={2} height={170} radius={14} className="grid" />,
  );
  expect(container.firstElementChild?.className).toBe('grid');
  expect(container.querySelectorAll('.sw-skeleton')).toHaveLength(2);
});
