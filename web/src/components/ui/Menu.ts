import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import styled from "styled-components";

/**
 * The panel of a dropdown menu (the header's section menus, the account menu, the add-to-watchlist
 * menu): a raised surface above the page. Radix gives every one of them the same keyboard handling
 * (Enter, Space or ↓ opens; arrows move; Esc or an outside click closes and returns focus to the
 * button). A menu that wants another width extends it: `styled(MenuContent)`.
 */
export const MenuContent = styled(DropdownMenu.Content)`
  z-index: 60;
  min-width: 220px;
  max-width: min(320px, calc(100vw - 16px));
  padding: 6px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.colors.shadow};
`;

/** A thin rule between a menu's groups of items. */
export const MenuSeparator = styled(DropdownMenu.Separator)`
  height: 1px;
  margin: 4px 0;
  background: ${({ theme }) => theme.colors.border};
`;
