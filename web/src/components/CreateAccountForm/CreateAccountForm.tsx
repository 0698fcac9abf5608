import { useId, useState, type ChangeEvent, type FormEvent } from "react";
import { navigation, postJson } from "../../api/rest";
import { fieldErrorsOf, messageOf } from "../FormControls/apiErrors";
import { Field, FieldError, FormStack, TextInput } from "../FormControls/FormControls";
import { usePageRestored } from "../FormControls/usePageRestored";
import { useToast } from "../Toaster/useToast";
import { Button } from "../ui/Button";

const CREATE_TRIAL_PATH = "/api/auth/create-trial";
const NO_CHECKOUT_URL_MESSAGE = "No checkout URL received";
const TRIAL_FAILED_MESSAGE = "Unable to start trial. Please try again.";

type FieldName = "email" | "name";
const FIELDS: readonly FieldName[] = ["email", "name"];

/**
 * Create Account (spec §2 Auth): email and full name start the 7-day trial.
 * The API answers with the checkout URL (Stripe, or the local demo checkout),
 * which the browser then opens.
 */
export function CreateAccountForm() {
  const { toast } = useToast();
  const id = useId();
  const [values, setValues] = useState<Record<FieldName, string>>({ email: "", name: "" });
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [isBusy, setBusy] = useState(false);
  usePageRestored(() => setBusy(false));

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const name = event.target.name as FieldName;
    setValues((current) => ({ ...current, [name]: event.target.value }));
    setFieldErrors((errors) => (errors[name] ? { ...errors, [name]: undefined } : errors));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const email = values.email.trim().toLowerCase();
    const name = values.name.trim();
    if (!email || !name) {
      toast({ title: "Missing Information", description: "Please enter both email and name to start your trial.", variant: "destructive" });
      return;
    }
    setFieldErrors({});
    setBusy(true);
    try {
      const { checkoutUrl } = await postJson<{ checkoutUrl?: string | null }>(CREATE_TRIAL_PATH, { email, name });
      if (!checkoutUrl) throw new Error(NO_CHECKOUT_URL_MESSAGE);
      toast({ title: "Redirecting to Checkout", description: "Opening secure payment setup..." });
      // The button stays busy: the page is on its way to checkout.
      navigation.assign(checkoutUrl);
    } catch (error) {
      setBusy(false);
      setFieldErrors(fieldErrorsOf(error, FIELDS));
      const description =
        error instanceof Error && error.message === NO_CHECKOUT_URL_MESSAGE ? NO_CHECKOUT_URL_MESSAGE : messageOf(error, TRIAL_FAILED_MESSAGE);
      toast({ title: "Trial Setup Failed", description, variant: "destructive" });
    }
  };

  const fieldProps = (name: FieldName) => ({
    id: `${id}-${name}`,
    name,
    value: values[name],
    onChange,
    disabled: isBusy,
    "aria-invalid": fieldErrors[name] ? true : undefined,
    "aria-describedby": fieldErrors[name] ? `${id}-${name}-error` : undefined,
  });

  const errorFor = (name: FieldName) =>
    fieldErrors[name] ? <FieldError id={`${id}-${name}-error`}>{fieldErrors[name]}</FieldError> : null;

  return (
    <FormStack onSubmit={onSubmit} noValidate aria-label="Create account">
      <Field>
        <label htmlFor={`${id}-email`}>Email</label>
        <TextInput type="email" autoComplete="email" inputMode="email" placeholder="you@example.com" {...fieldProps("email")} />
        {errorFor("email")}
      </Field>
      <Field>
        <label htmlFor={`${id}-name`}>Full Name</label>
        <TextInput type="text" autoComplete="name" placeholder="Ada Lovelace" {...fieldProps("name")} />
        {errorFor("name")}
      </Field>
      <Button type="submit" $size="lg" $block disabled={isBusy}>
        {isBusy ? "Processing..." : "Start Free Trial"}
      </Button>
    </FormStack>
  );
}
