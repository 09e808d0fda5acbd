import * as Menu from '@radix-ui/react-dropdown-menu';
import { Check } from 'lucide-react';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';

/**
 * Not modal: a modal menu hides the rest of the page with aria-hidden while it stays focusable (axe:
 * aria-hidden-focus). Focus is in the menu while it is open either way, and Escape or Tab closes it.
 */
export function DropdownMenu(props: ComponentProps<typeof Menu.Root>) {
  return <Menu.Root modal={false} {...props} />;
}
export const DropdownMenuTrigger = Menu.Trigger;
export const DropdownMenuRadioGroup = Menu.RadioGroup;

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  align = 'end',
  ...rest
}: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        align={align}
        className={cn(
          'z-50 min-w-40 overflow-hidden rounded-xl border border-line bg-surface p-1 text-sm text-fg shadow-lg',
          className,
        )}
        {...rest}
      />
    </Menu.Portal>
  );
}

// The highlighted item is the accent fill (3:1 and more against the menu), not a near-invisible tint.
const itemClasses =
  'group relative flex cursor-default select-none items-center gap-2 rounded-lg px-2.5 py-2 outline-none data-[highlighted]:bg-accent data-[highlighted]:text-accent-fg data-[disabled]:opacity-50 [&_svg]:size-4';

export function DropdownMenuItem({ className, ...rest }: ComponentProps<typeof Menu.Item>) {
  return <Menu.Item className={cn(itemClasses, className)} {...rest} />;
}

export function DropdownMenuRadioItem({ className, children, ...rest }: ComponentProps<typeof Menu.RadioItem>) {
  return (
    <Menu.RadioItem className={cn(itemClasses, 'pr-8', className)} {...rest}>
      {children}
      <Menu.ItemIndicator className="absolute right-2.5 text-accent-text group-data-[highlighted]:text-accent-fg">
        <Check />
      </Menu.ItemIndicator>
    </Menu.RadioItem>
  );
}
