import { useEffect, useRef, useState } from "react";
import styled from "styled-components";
import { CopyButton } from "../CopyButton/CopyButton";
import { Button } from "../ui/Button";
import type { CreatedApiKey } from "./CreateApiKeyForm";

interface NewApiKeySecretProps {
  apiKey: CreatedApiKey;
  onDone: () => void;
}

/**
 * The secret of a key just created, shown this once (only its hash is stored):
 * copyable, with a plain warning. Focus moves here so keyboard and screen-reader
 * users land on it.
 */
export function NewApiKeySecret({ apiKey, onDone }: NewApiKeySecretProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const [copyHint, setCopyHint] = useState<string | null>(null);

  useEffect(() => {
    boxRef.current?.focus();
  }, []);

  return (
    <Box ref={boxRef} tabIndex={-1} role="region" aria-labelledby="new-api-key-title">
      <h3 id="new-api-key-title">Copy your new key “{apiKey.name}” now</h3>
      <p>
        <strong>You won't see it again.</strong> We keep only a fingerprint of the key, so nobody, us included, can show it to you
        later. If you lose it, revoke it and create a new one.
      </p>
      <SecretRow>
        <SecretInput
          ref={inputRef}
          readOnly
          value={apiKey.secret}
          aria-label="Your new API key"
          spellCheck={false}
          onFocus={(event) => event.currentTarget.select()}
        />
        <CopyButton
          text={apiKey.secret}
          label="Copy API key"
          $variant="primary"
          $size="md"
          onCopyFailed={() => {
            inputRef.current?.select();
            setCopyHint("Copying is blocked here: the key is selected, press Ctrl+C (⌘C on a Mac).");
          }}
        />
      </SecretRow>
      {copyHint ? <Hint role="status">{copyHint}</Hint> : null}
      <Button type="button" $variant="secondary" onClick={onDone}>
        I've saved my key
      </Button>
    </Box>
  );
}

const Box = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  justify-items: start;
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid color-mix(in srgb, ${({ theme }) => theme.colors.premium} 50%, ${({ theme }) => theme.colors.border});
  border-left: 4px solid ${({ theme }) => theme.colors.premium};
  background: color-mix(in srgb, ${({ theme }) => theme.colors.premium} 8%, ${({ theme }) => theme.colors.surface});
  h3 { font-size: ${({ theme }) => theme.fontSizes.md}; overflow-wrap: anywhere; }
  p { font-size: ${({ theme }) => theme.fontSizes.sm}; }
  strong { color: ${({ theme }) => theme.colors.premium}; }
  scroll-margin-top: 80px; /* clear of the sticky header when focus scrolls it into view */
  &:focus-visible { outline-offset: 2px; }
`;

const SecretRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
`;

const SecretInput = styled.input`
  flex: 1 1 240px;
  min-width: 0;
  min-height: 40px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-family: ${({ theme }) => theme.fonts.mono};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Hint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
