import { ComingSoon } from "../../components/ComingSoon/ComingSoon";

export default function AccountPage() {
  return <ComingSoon title="Account" description="Your plan, billing and API keys." />;
}
