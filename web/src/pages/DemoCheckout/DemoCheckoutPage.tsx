import { ComingSoon } from "../../components/ComingSoon/ComingSoon";

export default function DemoCheckoutPage() {
  return <ComingSoon title="Demo checkout" description="Complete a demo checkout: no card, no charge." />;
}
