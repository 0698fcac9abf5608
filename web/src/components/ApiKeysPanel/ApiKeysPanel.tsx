import { useState } from "react";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { LockIcon } from "../Icons/Icons";
import { ButtonLink } from "../ui/Button";
import { Actions as ActionRow, Card } from "../ui/Layout";
import { ApiKeyItem } from "./ApiKeyItem";
import { CreateApiKeyForm, type CreatedApiKey } from "./CreateApiKeyForm";
import { NewApiKeySecret } from "./NewApiKeySecret";
import type { ApiKeysPanel_viewer$key } from "./__generated__/ApiKeysPanel_viewer.graphql";

/**
 * API keys on /account (issue 3 §5): Pro users create named keys (the secret shown
 * once), everyone lists and revokes theirs; without Pro the creation is locked
 * behind the upgrade prompt.
 */
export function ApiKeysPanel({ viewer }: { viewer: ApiKeysPanel_viewer$key }) {
  const data = useFragment(
    graphql`
      fragment ApiKeysPanel_viewer on Viewer {
        id
        plan {
          hasProAccess
        }
        apiKeys {
          id
          revokedAt
          ...ApiKeyItem_apiKey
        }
      }
    `,
    viewer,
  );
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const hasProAccess = data.plan.hasProAccess;
  const activeCount = data.apiKeys.filter((key) => key.revokedAt === null).length;

  return (
    <Panel aria-labelledby="api-keys-title">
      <div>
        <h2 id="api-keys-title">API keys</h2>
        <Muted>
          Use a key to call the Tickerscope GraphQL API from your own tools. A key acts as you: keep it secret, and revoke it if it
          leaks.
        </Muted>
      </div>

      {created ? <NewApiKeySecret apiKey={created} onDone={() => setCreated(null)} /> : null}

      {hasProAccess ? (
        <CreateApiKeyForm viewerId={data.id} onCreated={setCreated} />
      ) : (
        <Locked aria-labelledby="api-keys-locked-title">
          <LockIcon size={20} />
          <div>
            <h3 id="api-keys-locked-title">API access is a Pro feature</h3>
            <p>
              Start the 7-day free trial of Pro to create API keys.
              {data.apiKeys.length > 0
                ? " Your existing keys no longer reach Pro data; you can still revoke them below."
                : null}
            </p>
            <Actions>
              <ButtonLink to="/subscribe" $size="sm">Upgrade to Pro</ButtonLink>
              <ButtonLink to="/pricing" $size="sm" $variant="secondary">Compare plans</ButtonLink>
            </Actions>
          </div>
        </Locked>
      )}

      {data.apiKeys.length > 0 ? (
        <section aria-labelledby="api-key-list-title">
          <ListTitle id="api-key-list-title">
            Your keys <span>({activeCount} active)</span>
          </ListTitle>
          <List>
            {data.apiKeys.map((key) => (
              <ApiKeyItem key={key.id} apiKey={key} />
            ))}
          </List>
        </section>
      ) : (
        <Muted>{hasProAccess ? "You have no API keys yet." : "You have no API keys."}</Muted>
      )}
    </Panel>
  );
}

const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  align-content: start;
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; margin-bottom: ${({ theme }) => theme.space.xs}; }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Locked = styled.section`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px dashed ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  > svg { flex: none; margin-top: 2px; color: ${({ theme }) => theme.colors.premium}; }
  > div { display: grid; gap: ${({ theme }) => theme.space.xs}; min-width: 0; }
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; }
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Actions = styled(ActionRow)`
  margin-top: ${({ theme }) => theme.space.xs};
`;

const ListTitle = styled.h3`
  font-size: ${({ theme }) => theme.fontSizes.md};
  margin-bottom: ${({ theme }) => theme.space.sm};
  span { color: ${({ theme }) => theme.colors.textMuted}; font-weight: 500; }
`;

const List = styled.ul`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: 0;
  list-style: none;
`;
