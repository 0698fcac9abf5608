import styled from "styled-components";
import { TerminalIcon } from "../../components/Icons/Icons";
import { CopyButton } from "../../components/CopyButton/CopyButton";
import { Card } from "../../components/ui/Layout";

const EXAMPLE_QUERY = "{ viewer { email proSince } rateLimit { remaining } }";

export function curlExample(origin: string): string {
  return [
    `curl ${origin}/graphql \\`,
    `  -H "Authorization: Bearer <your API key>" \\`,
    `  -H "Content-Type: application/json" \\`,
    `  -d '{"query": "${EXAMPLE_QUERY}"}'`,
  ].join("\n");
}

/** "Using the API": a curl call with a key, and where to explore the schema. */
export function ApiUsageGuide() {
  const example = curlExample(window.location.origin);
  return (
    <Guide aria-labelledby="api-usage-title">
      <Title id="api-usage-title">
        <TerminalIcon size={18} /> Using the API
      </Title>
      <p>
        Send GraphQL queries to <code>/graphql</code> with your key in the <code>Authorization</code> header:
      </p>
      <Example>
        <pre tabIndex={0} aria-label="Example request">
          <code>{example}</code>
        </pre>
        <CopyButton text={example} label="Copy example request" />
      </Example>
      <p>
        Each response carries <code>X-RateLimit-Limit</code>, <code>-Remaining</code> and <code>-Reset</code> headers; ask{" "}
        <code>rateLimit(dryRun: true)</code> what a query would cost before running it.
      </p>
      <p>
        {/* A server page, not an app route: a plain link. */}
        <a href="/graphql">Open GraphiQL</a> to browse the schema and try queries (add your key under Headers).
      </p>
    </Guide>
  );
}

const Guide = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  align-content: start;
  p { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  p code { font-family: ${({ theme }) => theme.fonts.mono}; color: ${({ theme }) => theme.colors.text}; font-size: 0.85em; }
  a { font-weight: 600; }
`;

const Title = styled.h2`
  display: flex;
  align-items: center;
  gap: 8px;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  svg { color: ${({ theme }) => theme.colors.primary}; }
`;

const Example = styled.div`
  position: relative;
  min-width: 0;
  pre {
    margin: 0;
    padding: ${({ theme }) => theme.space.md};
    padding-top: 44px;
    overflow-x: auto;
    border-radius: ${({ theme }) => theme.radii.md};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    border: 1px solid ${({ theme }) => theme.colors.border};
    font-family: ${({ theme }) => theme.fonts.mono};
    font-size: ${({ theme }) => theme.fontSizes.xs};
    line-height: 1.6;
  }
  > button { position: absolute; top: 6px; right: 6px; }
`;
