import { useId, useState, type FormEvent } from "react";
import styled from "styled-components";
import { ApiError, navigation, postJson } from "../../api/rest";
import { fieldErrorsOf, messageOf } from "../../components/FormControls/apiErrors";
import { Field, FieldError, FieldHint, FormStack, TextInput } from "../../components/FormControls/FormControls";
import { Notice } from "../../components/Notice/Notice";
import { useToast } from "../../components/Toaster/useToast";
import { Button } from "../../components/ui/Button";
import { SIGN_IN_ERROR_MESSAGE, SIGN_IN_FAILED_MESSAGE } from "./useSignInLink";

const DEV_OUTBOX_PATH = "/dev/outbox";
const LINK_SENT_FALLBACK = "If an account exists for that email, we have sent it a sign-in link. The link works once, for 15 minutes.";

interface SignInFormProps {
  /** The server keeps mail in its development outbox instead of delivering it. */
  mailInDevOutbox: boolean;
  /** /api/login signs in through an OpenID Connect provider. */
  singleSignOn: boolean;
}

/**
 * Sign In (spec §2 Auth): typing an email alone must not sign anyone in, so the
 * server emails a single-use link and this form says to check the inbox.
 */
export function SignInForm({ mailInDevOutbox, singleSignOn }: SignInFormProps) {
  const { toast } = useToast();
  const id = useId();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [isBusy, setBusy] = useState(false);
  const [sent, setSent] = useState<{ email: string; message: string } | null>(null);

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const address = email.trim().toLowerCase();
    if (!address) {
      toast({ title: "Email Required", description: "Please enter your email address.", variant: "destructive" });
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const result = await postJson<{ ok: boolean; message?: string }>("/api/auth/signin", { email: address });
      const message = result?.message || LINK_SENT_FALLBACK;
      setSent({ email: address, message });
      toast({ title: "Check Your Inbox", description: message });
    } catch (error) {
      if (error instanceof ApiError) {
        setFieldError(fieldErrorsOf(error, ["email"]).email);
        toast({ title: "Sign In Failed", description: messageOf(error, SIGN_IN_FAILED_MESSAGE), variant: "destructive" });
      } else {
        toast({ title: "Sign In Error", description: SIGN_IN_ERROR_MESSAGE, variant: "destructive" });
      }
    } finally {
      setBusy(false);
    }
  };

  if (sent) {
    return (
      <Stack>
        <Notice tone="success" title="Check your inbox">
          <p>{sent.message}</p>
          <p>
            Email: <strong>{sent.email}</strong>
          </p>
        </Notice>
        {mailInDevOutbox ? (
          <Notice tone="warning" title="Demo install: email is not delivered">
            <p>
              This server has no mail server configured, so the sign-in email stays in the development outbox. Open{" "}
              <a href={DEV_OUTBOX_PATH}>the development outbox ({DEV_OUTBOX_PATH})</a> on the server's machine to find your link.
            </p>
          </Notice>
        ) : null}
        <Button type="button" $variant="secondary" onClick={() => setSent(null)}>
          Use a different email
        </Button>
      </Stack>
    );
  }

  return (
    <Stack>
      <FormStack onSubmit={onSubmit} noValidate aria-label="Sign in">
        <Field>
          <label htmlFor={`${id}-email`}>Email</label>
          <TextInput
            id={`${id}-email`}
            name="email"
            type="email"
            autoComplete="email"
            inputMode="email"
            placeholder="you@example.com"
            value={email}
            disabled={isBusy}
            onChange={(event) => {
              setEmail(event.target.value);
              setFieldError(undefined);
            }}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ""}`}
          />
          {fieldError ? <FieldError id={`${id}-error`}>{fieldError}</FieldError> : null}
          <FieldHint id={`${id}-hint`}>Use the same email you entered at checkout. We'll email you a sign-in link.</FieldHint>
        </Field>
        <Button type="submit" $size="lg" $block disabled={isBusy}>
          {isBusy ? "Signing In..." : "Sign In"}
        </Button>
      </FormStack>
      {singleSignOn ? (
        <Button type="button" $variant="secondary" $block onClick={() => navigation.assign("/api/login")}>
          Continue with single sign-on
        </Button>
      ) : null}
    </Stack>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  > button { justify-self: stretch; }
`;
