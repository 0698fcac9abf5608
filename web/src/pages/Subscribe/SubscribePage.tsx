import { ComingSoon } from "../../components/ComingSoon/ComingSoon";

export default function SubscribePage() {
  return (
    <ComingSoon
      title="Subscribe to Pro"
      description="Upgrade to the Pro plan for $30/month with a 7-day free trial. Checkout is handled by our card payment provider."
    />
  );
}
