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
const LINK_SENT_FALLBACK = "We have sent a sign-in link to that email. The link works once, for 15 minutes.";

/**
 * Both ask the server to email a single-use link to the address: it signs in to the account
 * with that email, or creates a free Basic account when there is none.
 */
const COPY = {
  signIn: {
    formLabel: "Sign in",
    submit: "Sign In",
    busy: "Signing In...",
    hint: "Use the same email you entered at checkout. We'll email you a sign-in link. No account yet? The link creates a free Basic one.",
    failedTitle: "Sign In Failed",
    failedFallback: SIGN_IN_FAILED_MESSAGE,
    errorTitle: "Sign In Error",
    errorMessage: SIGN_IN_ERROR_MESSAGE,
  },
  createBasic: {
    formLabel: "Create a free Basic account",
    submit: "Create Free Account",
    busy: "Sending Link...",
    hint: "We'll email you a link: opening it creates your free Basic account and signs you in. No card needed.",
    failedTitle: "Sign Up Failed",
    failedFallback: "Unable to create your account. Please try again.",
    errorTitle: "Sign Up Error",
    errorMessage: "Unable to create your account. Please try again.",
  },
} as const;

interface SignInFormProps {
  /** Signing in (the Sign In tab) or creating a free Basic account (Create Account, Basic chosen). */
  purpose?: keyof typeof COPY;
  /** The server keeps mail in its development outbox instead of delivering it. */
  mailInDevOutbox: boolean;
  /** /api/login signs in through an OpenID Connect provider. */
  singleSignOn: boolean;
}

/**
 * Sign In (spec §2 Auth), and Create Account's Basic plan: typing an email alone must not
 * sign anyone in, so the server emails a single-use link and this form says to check the inbox.
 */
export function SignInForm({ purpose = "signIn", mailInDevOutbox, singleSignOn }: SignInFormProps) {
  const copy = COPY[purpose];
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
        toast({ title: copy.failedTitle, description: messageOf(error, copy.failedFallback), variant: "destructive" });
      } else {
        toast({ title: copy.errorTitle, description: copy.errorMessage, variant: "destructive" });
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
      <FormStack onSubmit={onSubmit} noValidate aria-label={copy.formLabel}>
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
          <FieldHint id={`${id}-hint`}>{copy.hint}</FieldHint>
        </Field>
        <Button type="submit" $size="lg" $block disabled={isBusy}>
          {isBusy ? copy.busy : copy.submit}
        </Button>
      </FormStack>
      {singleSignOn && purpose === "signIn" ? (
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
