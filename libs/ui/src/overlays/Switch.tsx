import * as RadixSwitch from '@radix-ui/react-switch';
import { type ComponentPropsWithoutRef } from 'react';
import { cx } from '../cx';

/** An on/off switch (role="switch"); label it with a <Label htmlFor> or aria-label. */
export function Switch({ className, ...rest }: ComponentPropsWithoutRef<typeof RadixSwitch.Root>) {
  return (
    <RadixSwitch.Root className={cx('sw-switch', className)} {...rest}>
      <RadixSwitch.Thumb className="sw-switch__thumb" />
    </RadixSwitch.Root>
  );
}
