import { useEffect, useRef, useState } from "react";
import { CREATE_SUBSCRIPTION_ACTION } from "../PricingCards/plans";
import { usePageRestored } from "../FormControls/usePageRestored";
import { Button, type ButtonSize } from "../ui/Button";

/** The billing provider as the `billing { provider }` query names it. */
export type BillingProviderName = "STRIPE" | "DEMO" | (string & {});

/** Spec §2 label while the browser leaves for checkout; the demo provider is named as what it is. */
export function redirectingLabel(provider: BillingProviderName | null | undefined): string {
  return provider === "DEMO" ? "Redirecting to demo checkout..." : "Redirecting to Stripe...";
}

interface SubscriptionCheckoutFormProps {
  label: string;
  provider: BillingProviderName | null | undefined;
  /** Submit as soon as the form is shown (/direct-stripe). */
  autoSubmit?: boolean;
  size?: ButtonSize;
}

/**
 * The plain browser form post to /api/create-subscription (no fields): the server
 * answers 303 to checkout for the signed-in user. Once sent, the button is
 * disabled and says where the browser is going.
 */
export function SubscriptionCheckoutForm({ label, provider, autoSubmit = false, size = "lg" }: SubscriptionCheckoutFormProps) {
  const form = useRef<HTMLFormElement>(null);
  const submitted = useRef(false);
  const [isRedirecting, setRedirecting] = useState(autoSubmit);
  usePageRestored(() => setRedirecting(false));

  useEffect(() => {
    if (!autoSubmit || submitted.current) return;
    submitted.current = true;
    form.current?.submit();
  }, [autoSubmit]);

  return (
    <form ref={form} method="post" action={CREATE_SUBSCRIPTION_ACTION} onSubmit={() => setRedirecting(true)}>
      <Button type="submit" $block $size={size} disabled={isRedirecting}>
        {isRedirecting ? redirectingLabel(provider) : label}
      </Button>
    </form>
  );
}
