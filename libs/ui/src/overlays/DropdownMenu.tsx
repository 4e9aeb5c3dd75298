import * as RadixMenu from '@radix-ui/react-dropdown-menu';
import { type ComponentPropsWithoutRef } from 'react';
import { cx } from '../cx';

/** A menu button (Radix: arrow keys, typeahead, Escape, focus return). */
export const DropdownMenu = RadixMenu.Root;
export const DropdownMenuTrigger = RadixMenu.Trigger;

export function DropdownMenuContent({
  className,
  sideOffset = 8,
  align = 'end',
  ...rest
}: ComponentPropsWithoutRef<typeof RadixMenu.Content>) {
  return (
    <RadixMenu.Portal>
      <RadixMenu.Content
        className={cx('sw-menu', className)}
        sideOffset={sideOffset}
        align={align}
        {...rest}
      />
    </RadixMenu.Portal>
  );
}

export function DropdownMenuItem({
  className,
  ...rest
}: ComponentPropsWithoutRef<typeof RadixMenu.Item>) {
  return <RadixMenu.Item className={cx('sw-menu__item', className)} {...rest} />;
}

export function DropdownMenuLabel({
  className,
  ...rest
}: ComponentPropsWithoutRef<typeof RadixMenu.Label>) {
  return <RadixMenu.Label className={cx('sw-menu__label', className)} {...rest} />;
}

export function DropdownMenuSeparator({
  className,
  ...rest
}: ComponentPropsWithoutRef<typeof RadixMenu.Separator>) {
  return <RadixMenu.Separator className={cx('sw-menu__separator', className)} {...rest} />;
}

/** A checkable menu item (Radix: role menuitemcheckbox, aria-checked); stays open when chosen. */
export function DropdownMenuCheckboxItem({
  className,
  children,
  onSelect,
  ...rest
}: ComponentPropsWithoutRef<typeof RadixMenu.CheckboxItem>) {
  return (
    <RadixMenu.CheckboxItem
      className={cx('sw-menu__item', 'sw-menu__item--check', className)}
      onSelect={(event) => {
        event.preventDefault();
        onSelect?.(event);
      }}
      {...rest}
    >
      <span className="sw-menu__check" aria-hidden="true">
        <RadixMenu.ItemIndicator>✓</RadixMenu.ItemIndicator>
      </span>
      {children}
    </RadixMenu.CheckboxItem>
  );
}
