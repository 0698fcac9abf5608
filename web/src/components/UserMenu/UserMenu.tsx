import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import styled, { css } from "styled-components";
import { navigation } from "../../api/rest";
import { PRO_PAGES } from "../Header/navigation";
import { CrownIcon, SettingsIcon, SignOutIcon, UserIcon } from "../Icons/Icons";
import { useProAccess } from "../ProFeatureOverlay/useProAccess";
import { MenuContent, MenuSeparator } from "../ui/Menu";
import type { UserMenu_viewer$key } from "./__generated__/UserMenu_viewer.graphql";

export const LOGOUT_PATH = "/api/logout";

/** "Ada Lovelace", or the email when the account has no name. */
export function displayNameOf(user: { email: string; firstName?: string | null; lastName?: string | null }): string {
  const name = [user.firstName, user.lastName].map((part) => part?.trim()).filter(Boolean).join(" ");
  return name || user.email;
}

/**
 * The signed-in user's avatar button and its menu: name, Account, Sign Out (spec §2 header), and
 * for Pro users their Pro pages. Nothing here asks anyone to upgrade.
 */
export function UserMenu({ viewer }: { viewer: UserMenu_viewer$key }) {
  const user = useFragment(
    graphql`
      fragment UserMenu_viewer on Viewer {
        email
        firstName
        lastName
        profileImageUrl
        ...useProAccess_viewer
      }
    `,
    viewer,
  );
  const name = displayNameOf(user);
  const hasProAccess = useProAccess(user);

  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger asChild>
        <AvatarButton type="button" aria-label={`Account menu for ${name}`}>
          {/* A new image URL gets a fresh attempt (the key resets the failed state). */}
          <Avatar key={user.profileImageUrl ?? "none"} imageUrl={user.profileImageUrl} />
        </AvatarButton>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <MenuContent align="end" sideOffset={8} collisionPadding={8}>
          <DropdownMenu.Label asChild>
            <Identity>
              <strong>{name}</strong>
              {name !== user.email ? <span>{user.email}</span> : null}
            </Identity>
          </DropdownMenu.Label>
          <MenuSeparator />
          <DropdownMenu.Item asChild>
            <ItemLink to="/account">
              <SettingsIcon size={16} /> Account
            </ItemLink>
          </DropdownMenu.Item>
          {hasProAccess ? (
            <>
              <MenuSeparator />
              <DropdownMenu.Group>
                <DropdownMenu.Label asChild>
                  <GroupLabel>Your Pro features</GroupLabel>
                </DropdownMenu.Label>
                {PRO_PAGES.map((page) => (
                  <DropdownMenu.Item key={page.to} asChild>
                    <ItemLink to={page.to}>
                      <CrownIcon size={16} /> {page.label}
                    </ItemLink>
                  </DropdownMenu.Item>
                ))}
              </DropdownMenu.Group>
              <MenuSeparator />
            </>
          ) : null}
          <DropdownMenu.Item asChild onSelect={() => navigation.assign(LOGOUT_PATH)}>
            <ItemButton type="button">
              <SignOutIcon size={16} /> Sign Out
            </ItemButton>
          </DropdownMenu.Item>
        </MenuContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The profile image, or the default user icon when there is none or it fails to load. */
function Avatar({ imageUrl }: { imageUrl: string | null | undefined }) {
  const [failed, setFailed] = useState(false);
  if (!imageUrl || failed) return <UserIcon size={18} />;
  return <AvatarImage src={imageUrl} alt="" referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
}

const AvatarButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 36px;
  height: 36px;
  flex: none;
  padding: 0;
  overflow: hidden;
  border-radius: 50%;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover, &[data-state="open"] { color: ${({ theme }) => theme.colors.primary}; border-color: ${({ theme }) => theme.colors.primary}; }
  &:focus-visible { border-radius: 50%; }
`;

const AvatarImage = styled.img`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
`;

const Identity = styled.div`
  display: grid;
  gap: 2px;
  padding: 8px 10px;
  strong { font-size: ${({ theme }) => theme.fontSizes.sm}; overflow-wrap: anywhere; }
  span { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.xs}; overflow-wrap: anywhere; }
`;

const GroupLabel = styled.div`
  padding: 6px 10px 2px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;

const item = css`
  display: flex;
  align-items: center;
  gap: 10px;
  width: 100%;
  min-height: 40px;
  padding: 8px 10px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 550;
  text-align: left;
  text-decoration: none;
  cursor: pointer;
  outline: none;
  svg { color: ${({ theme }) => theme.colors.textMuted}; }
  &[data-highlighted] { background: ${({ theme }) => theme.colors.surfaceMuted}; color: ${({ theme }) => theme.colors.primary}; }
  &[data-highlighted] svg { color: inherit; }
`;

const ItemLink = styled(Link)`${item}`;
const ItemButton = styled.button`${item}`;
