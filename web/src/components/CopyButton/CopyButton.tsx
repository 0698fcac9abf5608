import { useEffect, useState } from "react";
import { CheckIcon, CopyIcon } from "../Icons/Icons";
import { Button, type ButtonSize, type ButtonVariant } from "../ui/Button";

const COPIED_FOR_MS = 2000;

interface CopyButtonProps {
  text: string;
  /** Accessible name, e.g. "Copy API key"; the visible label is "Copy" / "Copied". */
  label: string;
  /** Called when the clipboard is unavailable (insecure origin, permission denied): select the text instead. */
  onCopyFailed?: () => void;
  $variant?: ButtonVariant;
  $size?: ButtonSize;
}

/** Copies `text` to the clipboard and says so for two seconds. */
export function CopyButton({ text, label, onCopyFailed, $variant = "secondary", $size = "sm" }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(true);
    } catch {
      onCopyFailed?.();
    }
  };

  return (
    <Button type="button" $variant={$variant} $size={$size} aria-label={label} onClick={copy}>
      {copied ? <CheckIcon size={16} /> : <CopyIcon size={16} />}
      <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
    </Button>
  );
}
