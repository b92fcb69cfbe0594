/**
 * The therapist layout's pop-ups: the account menu's list and the side menu's tooltips. They are loaded after the
 * page has drawn (MainLayout.tsx, `useDeferredPart`), not with it: Fluent's Menu and Tooltip bring its positioning
 * engine (Floating UI), portals and motion, about 30 KB gzip that no page needs for its first paint, and on a slow
 * phone every kilobyte before the page is usable counts. Until they are in, the layout shows the same
 * button and links without them.
 */
import { Fragment, type ReactElement } from 'react';
import { Menu, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger, Tooltip } from '@fluentui/react-components';

export interface AccountMenuItem {
  label: string;
  onSelect: () => void;
  /** A divider above this item. */
  divided?: boolean;
}

export interface AccountMenuProps {
  trigger: ReactElement;
  openAtOnce: boolean;
  items: AccountMenuItem[];
}

/** The account menu around its button (`trigger`), open at once when the button was pressed before this arrived. */
export function AccountMenu({ trigger, openAtOnce, items }: AccountMenuProps) {
  return (
    <Menu defaultOpen={openAtOnce}>
      <MenuTrigger disableButtonEnhancement>{trigger}</MenuTrigger>
      <MenuPopover>
        <MenuList>
          {items.map((item) => (
            <Fragment key={item.label}>
              {item.divided && <MenuDivider />}
              <MenuItem onClick={item.onSelect}>{item.label}</MenuItem>
            </Fragment>
          ))}
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}

export interface NavTooltipProps {
  content: string;
  children: ReactElement;
}

/** A side-menu entry's tooltip: its name when the menu is collapsed, or why it is locked. */
export function NavTooltip({ content, children }: NavTooltipProps) {
  return (
    <Tooltip content={content} relationship="description" positioning="after">
      {children}
    </Tooltip>
  );
}
