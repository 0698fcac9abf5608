import { ComingSoon } from "../../components/ComingSoon/ComingSoon";

export default function DirectStripePage() {
  return (
    <ComingSoon
      title="Checkout"
      description="A direct route into the card payment provider's checkout for the Pro plan."
    />
  );
}
