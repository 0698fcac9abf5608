import { ComingSoon } from "../../components/ComingSoon/ComingSoon";

export default function AuthPage() {
  return (
    <ComingSoon
      title="Account"
      description="Create an account to start your 7-day free trial, sign in, or check your account status after checkout."
    />
  );
}
