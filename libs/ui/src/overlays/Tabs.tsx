import * as RadixTabs from '@radix-ui/react-tabs';
import { type ComponentPropsWithoutRef, useEffect, useRef } from 'react';
import { cx } from '../cx';

/** Tabs (Radix: arrow keys move between tabs, panels are labelled by their tab). */
export function Tabs({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={cx('sw-tabs', className)} {...rest} />;
}

type TabsListProps = ComponentPropsWithoutRef<typeof RadixTabs.List> & {
  /**
   * `scroll`: on a phone the tabs stay in one row that scrolls sideways, and the selected tab is
   * kept in view (for lists too long to wrap, such as Settings). By default the tabs wrap.
   */
  overflow?: 'wrap' | 'scroll';
};

export function TabsList({ className, overflow = 'wrap', ...rest }: TabsListProps) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const list = ref.current;
    if (overflow !== 'scroll' || !list) return;
    const reveal = () => {
      const active = list.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
      if (active) scrollIntoList(list, active);
    };
    reveal();
    const watch = new MutationObserver(reveal);
    watch.observe(list, { subtree: true, attributeFilter: ['data-state'] });
    return () => watch.disconnect();
  }, [overflow]);
  return (
    <RadixTabs.List
      ref={ref}
      className={cx('sw-tabs__list', overflow === 'scroll' && 'sw-tabs__list--scroll', className)}
      {...rest}
    />
  );
}

/** Scrolls the list sideways (only the list, never the page) so that `tab` is wholly visible. */
function scrollIntoList(list: HTMLElement, tab: HTMLElement) {
  if (list.scrollWidth <= list.clientWidth) return;
  const left =
    tab.getBoundingClientRect().left - list.getBoundingClientRect().left + list.scrollLeft;
  const right = left + tab.offsetWidth;
  const margin = 24; // a glimpse of the neighbour says there is more to scroll to
  if (left - margin < list.scrollLeft) list.scrollLeft = Math.max(0, left - margin);
  else if (right + margin > list.scrollLeft + list.clientWidth)
    list.scrollLeft = right + margin - list.clientWidth;
}

export function TabsTrigger({
  className,
  ...rest
}: ComponentPropsWithoutRef<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={cx('sw-tabs__trigger', className)} {...rest} />;
}

export function TabsContent({
  className,
  ...rest
}: ComponentPropsWithoutRef<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cx('sw-tabs__content', className)} {...rest} />;
}
