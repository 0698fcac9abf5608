import { ComingSoon } from "../../components/ComingSoon/ComingSoon";

export default function AiFeaturesPage() {
  return (
    <ComingSoon
      title="AI Intelligence"
      description="AI stock picks (a top-5 preview for everyone), hedge fund 13F holdings and earnings predictions for Pro members."
    />
  );
}
