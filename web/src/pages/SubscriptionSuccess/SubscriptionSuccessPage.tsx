import { ComingSoon } from "../../components/ComingSoon/ComingSoon";

export default function SubscriptionSuccessPage() {
  return (
    <ComingSoon
      title="Subscription confirmed"
      description="Confirmation of your Pro subscription after returning from checkout."
    />
  );
}
