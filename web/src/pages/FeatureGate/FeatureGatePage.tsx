import { PremiumGate, type PremiumGateProps } from "../../components/PremiumGate/PremiumGate";

export default function FeatureGatePage(props: PremiumGateProps) {
  return <PremiumGate {...props} />;
}
