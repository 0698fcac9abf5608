import { ComingSoon } from "../../components/ComingSoon/ComingSoon";

export default function DemoBillingPortalPage() {
  return <ComingSoon title="Demo billing portal" description="Manage the demo subscription." />;
}
