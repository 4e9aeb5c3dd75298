import * as RadixTabs from '@radix-ui/react-tabs';
import { type ComponentPropsWithoutRef } from 'react';
import { cx } from '../cx';

/** Tabs (Radix: arrow keys move between tabs, panels are labelled by their tab). */
export function Tabs({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={cx('sw-tabs', className)} {...rest} />;
}

export function TabsList({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cx('sw-tabs__list', className)} {...rest} />;
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
