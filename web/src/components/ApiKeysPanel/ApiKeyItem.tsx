import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import styled from "styled-components";
import { KeyIcon } from "../Icons/Icons";
import { useToast } from "../Toaster/useToast";
import { Button } from "../ui/Button";
import { formatTimestamp } from "./formatTimestamp";
import { apiKeyErrorMessage } from "./graphqlErrorMessage";
import type { ApiKeyItem_apiKey$key } from "./__generated__/ApiKeyItem_apiKey.graphql";
import type { ApiKeyItemRevokeMutation } from "./__generated__/ApiKeyItemRevokeMutation.graphql";

/** One key in the list: name, prefix, created, last used, revoked; Revoke asks first. */
export function ApiKeyItem({ apiKey }: { apiKey: ApiKeyItem_apiKey$key }) {
  const key = useFragment(
    graphql`
      fragment ApiKeyItem_apiKey on ApiKey {
        id
        name
        prefix
        createdAt
        lastUsedAt
        revokedAt
      }
    `,
    apiKey,
  );
  const { toast } = useToast();
  const [confirming, setConfirming] = useState(false);
  const [commitRevoke, isRevoking] = useMutation<ApiKeyItemRevokeMutation>(graphql`
    mutation ApiKeyItemRevokeMutation($id: ID!) {
      revokeApiKey(id: $id) {
        id
        revokedAt
      }
    }
  `);

  const revoke = () =>
    commitRevoke({
      variables: { id: key.id },
      onCompleted: () => {
        setConfirming(false);
        toast({ title: "API Key Revoked", description: `“${key.name}” no longer works.` });
      },
      onError: (error) => {
        setConfirming(false);
        toast({ title: "Revoke Failed", description: apiKeyErrorMessage(error), variant: "destructive" });
      },
    });

  const revoked = key.revokedAt !== null;
  const titleId = `api-key-${key.id}`;

  return (
    <Item aria-labelledby={titleId} $revoked={revoked}>
      <Top>
        <KeyIcon size={18} />
        <Name id={titleId}>{key.name}</Name>
        <Status $revoked={revoked}>{revoked ? "Revoked" : "Active"}</Status>
      </Top>
      <Meta>
        <div>
          <dt>Key</dt>
          <dd><code>{key.prefix}…</code></dd>
        </div>
        <div>
          <dt>Created</dt>
          <dd>{formatTimestamp(key.createdAt)}</dd>
        </div>
        <div>
          <dt>Last used</dt>
          <dd>{formatTimestamp(key.lastUsedAt)}</dd>
        </div>
        {key.revokedAt ? (
          <div>
            <dt>Revoked</dt>
            <dd>{formatTimestamp(key.revokedAt)}</dd>
          </div>
        ) : null}
      </Meta>
      {revoked ? null : (
        <AlertDialog.Root open={confirming} onOpenChange={(open) => !isRevoking && setConfirming(open)}>
          <AlertDialog.Trigger asChild>
            <RevokeButton type="button" $variant="secondary" $size="sm" aria-label={`Revoke ${key.name}`}>
              Revoke
            </RevokeButton>
          </AlertDialog.Trigger>
          <AlertDialog.Portal>
            <Overlay />
            <Dialog>
              <AlertDialog.Title>Revoke “{key.name}”?</AlertDialog.Title>
              <AlertDialog.Description>
                Anything using the key <code>{key.prefix}…</code> gets 401 Unauthorized from now on. This cannot be undone.
              </AlertDialog.Description>
              <DialogActions>
                <AlertDialog.Cancel asChild>
                  <Button type="button" $variant="secondary" disabled={isRevoking}>Cancel</Button>
                </AlertDialog.Cancel>
                {/* Not AlertDialog.Action: that closes at once, and the dialog should stay until the server answers. */}
                <DangerButton type="button" onClick={revoke} disabled={isRevoking}>
                  {isRevoking ? "Revoking..." : "Revoke key"}
                </DangerButton>
              </DialogActions>
            </Dialog>
          </AlertDialog.Portal>
        </AlertDialog.Root>
      )}
    </Item>
  );
}

const Item = styled.li<{ $revoked: boolean }>`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $revoked }) => ($revoked ? theme.colors.surfaceMuted : theme.colors.surface)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: 1fr auto;
    align-items: center;
    > :first-child, > dl { grid-column: 1; }
    > button { grid-column: 2; grid-row: 1 / span 2; }
  }
`;

const Top = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  > svg { flex: none; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Name = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.md};
  overflow-wrap: anywhere;
`;

const Status = styled.span<{ $revoked: boolean }>`
  flex: none;
  padding: 1px 8px;
  border-radius: ${({ theme }) => theme.radii.pill};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  background: ${({ theme, $revoked }) =>
    $revoked ? theme.colors.surface : `color-mix(in srgb, ${theme.colors.success} 14%, ${theme.colors.surface})`};
  color: ${({ theme, $revoked }) => ($revoked ? theme.colors.textMuted : theme.colors.success)};
  border: 1px solid ${({ theme, $revoked }) => ($revoked ? theme.colors.border : "transparent")};
`;

const Meta = styled.dl`
  display: flex;
  flex-wrap: wrap;
  gap: 4px ${({ theme }) => theme.space.lg};
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  > div { display: flex; gap: 6px; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; }
  code { font-family: ${({ theme }) => theme.fonts.mono}; }
`;

const RevokeButton = styled(Button)`
  justify-self: start;
  color: ${({ theme }) => theme.colors.danger};
`;

const Overlay = styled(AlertDialog.Overlay)`
  position: fixed;
  inset: 0;
  z-index: 80;
  background: ${({ theme }) => theme.colors.overlay};
`;

const Dialog = styled(AlertDialog.Content)`
  position: fixed;
  z-index: 81;
  top: 50%;
  left: 50%;
  transform: translate(-50%, -50%);
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  width: min(440px, calc(100vw - 32px));
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; overflow-wrap: anywhere; }
  p { color: ${({ theme }) => theme.colors.textMuted}; }
  code { font-family: ${({ theme }) => theme.fonts.mono}; color: ${({ theme }) => theme.colors.text}; }
`;

const DialogActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${({ theme }) => theme.space.sm};
`;

const DangerButton = styled(Button)`
  background: ${({ theme }) => theme.colors.danger};
  color: ${({ theme }) => theme.colors.dangerText};
  &:hover:not(:disabled) { background: ${({ theme }) => theme.colors.danger}; filter: brightness(0.92); }
`;
