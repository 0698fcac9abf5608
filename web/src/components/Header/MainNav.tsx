import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { NavLink, useLocation } from "react-router-dom";
import styled, { css } from "styled-components";
import { MenuContent } from "../ui/Menu";
import { isCurrentPage, isNavGroup, MAIN_NAV, START_TRIAL_PAGE, type NavGroup, type NavPage } from "./navigation";
import { ProMark } from "./ProMark";

/** Below this width the groups move into the one Menu button (the header has no room for them). */
export const WIDE_NAV_MIN_WIDTH = "1100px";

export interface NavAudience {
  /** Mark the Pro pages and offer the trial: known to be a visitor or a Basic user (not while the sign-in check runs). */
  showProMarks: boolean;
}

/**
 * The main sections on a wide screen: Home and Contact as links, the rest in three menus
 * (Radix: Enter, Space or ↓ opens, arrows move, Esc closes and returns focus to the button).
 */
export function MainNav({ showProMarks }: NavAudience) {
  const { pathname } = useLocation();
  return (
    <WideNav aria-label="Main sections">
      <TopList>
        {MAIN_NAV.map((entry) =>
          isNavGroup(entry) ? (
            <li key={entry.label}>
              <GroupMenu group={entry} pathname={pathname} showProMarks={showProMarks} />
            </li>
          ) : (
            <li key={entry.to}>
              <TopLink to={entry.to} end>
                {entry.label}
              </TopLink>
            </li>
          ),
        )}
      </TopList>
    </WideNav>
  );
}

function GroupMenu({ group, pathname, showProMarks }: { group: NavGroup; pathname: string; showProMarks: boolean }) {
  const isCurrent = group.pages.some((page) => isCurrentPage(pathname, page.to));
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <GroupButton type="button" data-current={isCurrent || undefined}>
          {group.label}
          <Chevron aria-hidden="true">▾</Chevron>
        </GroupButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <NavMenuContent align="start" sideOffset={6} collisionPadding={8}>
          <PageItems pages={pagesFor(group, showProMarks)} showProMarks={showProMarks} />
        </NavMenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** On a phone: one Menu button with the same sections and groups. */
export function PhoneNav({ showProMarks }: NavAudience) {
  return (
    <PhoneOnly>
      <DropdownMenu.Root modal={false}>
        <DropdownMenu.Trigger asChild>
          <MenuButton type="button">
            <span aria-hidden="true">☰</span> <MenuLabel>Menu</MenuLabel>
          </MenuButton>
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <NavMenuContent align="end" sideOffset={8} collisionPadding={8}>
            {MAIN_NAV.map((entry) =>
              isNavGroup(entry) ? (
                <DropdownMenu.Group key={entry.label}>
                  <GroupLabel>{entry.label}</GroupLabel>
                  <PageItems pages={pagesFor(entry, showProMarks)} showProMarks={showProMarks} />
                </DropdownMenu.Group>
              ) : (
                <PageItems key={entry.to} pages={[entry]} showProMarks={showProMarks} />
              ),
            )}
          </NavMenuContent>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </PhoneOnly>
  );
}

/** The AI & Pro group also offers the trial to those without Pro. */
function pagesFor(group: NavGroup, showProMarks: boolean): readonly NavPage[] {
  return showProMarks && group.pages.some((page) => page.to === "/pricing") ? [...group.pages, START_TRIAL_PAGE] : group.pages;
}

function PageItems({ pages, showProMarks }: { pages: readonly NavPage[]; showProMarks: boolean }) {
  return (
    <>
      {pages.map((page) => (
        <DropdownMenu.Item key={page.to} asChild>
          <ItemLink to={page.to} end>
            {page.label}
            {showProMarks && page.pro ? <ProMark /> : null}
          </ItemLink>
        </DropdownMenu.Item>
      ))}
    </>
  );
}

const WideNav = styled.nav`
  flex: none;
  @media (max-width: ${WIDE_NAV_MIN_WIDTH}) {
    display: none;
  }
`;

const PhoneOnly = styled.div`
  display: none;
  @media (max-width: ${WIDE_NAV_MIN_WIDTH}) {
    display: block;
  }
`;

const TopList = styled.ul`
  display: flex;
  align-items: center;
  gap: 2px;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const control = css`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 40px;
  padding: 8px 10px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: ${({ theme }) => theme.colors.textMuted};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 550;
  text-decoration: none;
  white-space: nowrap;
  cursor: pointer;
  &:hover, &[data-state="open"] { color: ${({ theme }) => theme.colors.text}; background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const current = css`
  color: ${({ theme }) => theme.colors.primary};
  box-shadow: inset 0 -2px 0 ${({ theme }) => theme.colors.primary};
`;

const TopLink = styled(NavLink)`
  ${control}
  &[aria-current="page"] { ${current} }
`;

const GroupButton = styled.button`
  ${control}
  &[data-current] { ${current} }
`;

const MenuButton = styled.button`
  ${control}
  border: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.text};
`;

/** The narrowest phones show the icon only; the button keeps its name. */
const MenuLabel = styled.span`
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    position: absolute;
    width: 1px;
    height: 1px;
    overflow: hidden;
    clip: rect(0, 0, 0, 0);
    white-space: nowrap;
  }
`;

const Chevron = styled.span`
  font-size: 0.75em;
`;

/** The phone menu holds every section: it scrolls within the room below its button. */
const NavMenuContent = styled(MenuContent)`
  max-height: var(--radix-dropdown-menu-content-available-height);
  overflow-y: auto;
`;

const GroupLabel = styled(DropdownMenu.Label)`
  padding: 10px 10px 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;

const ItemLink = styled(NavLink)`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 40px;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 550;
  text-decoration: none;
  outline: none;
  &[data-highlighted] { background: ${({ theme }) => theme.colors.surfaceMuted}; color: ${({ theme }) => theme.colors.primary}; box-shadow: inset 0 0 0 2px ${({ theme }) => theme.colors.focus}; }
  &[aria-current="page"] { color: ${({ theme }) => theme.colors.primary}; font-weight: 700; }
`;
