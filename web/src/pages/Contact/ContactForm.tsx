import { useState, type ChangeEvent, type FormEvent } from "react";
import { graphql, useMutation } from "react-relay";
import styled, { css } from "styled-components";
import { Field, FieldError } from "../../components/FormControls/FormControls";
import { useToast } from "../../components/Toaster/useToast";
import { Button } from "../../components/ui/Button";
import { GraphQLRequestError, GENERIC_ERROR_MESSAGE } from "../../relay/environment";
import type { ContactFormMutation, InvestmentFocus } from "./__generated__/ContactFormMutation.graphql";

export const INVESTMENT_FOCUS_OPTIONS: readonly { value: string; label: string; graphql: InvestmentFocus }[] = [
  { value: "individual", label: "Individual Investor", graphql: "INDIVIDUAL" },
  { value: "institutional", label: "Institutional Client", graphql: "INSTITUTIONAL" },
  { value: "family-office", label: "Family Office", graphql: "FAMILY_OFFICE" },
  { value: "advisor", label: "Financial Advisor", graphql: "ADVISOR" },
];

type FieldName = "firstName" | "lastName" | "email" | "investmentFocus" | "message";
type Values = Record<FieldName, string>;

const EMPTY: Values = { firstName: "", lastName: "", email: "", investmentFocus: "", message: "" };

export function ContactForm() {
  const { toast } = useToast();
  const [values, setValues] = useState<Values>(EMPTY);
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<FieldName, string>>>({});
  const [commit, isInFlight] = useMutation<ContactFormMutation>(graphql`
    mutation ContactFormMutation($input: SubmitContactMessageInput!) {
      submitContactMessage(input: $input) {
        id
        createdAt
      }
    }
  `);

  const onChange = (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) => {
    const name = event.target.name as FieldName;
    setValues((v) => ({ ...v, [name]: event.target.value }));
    setFieldErrors((errors) => (errors[name] ? { ...errors, [name]: undefined } : errors));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const focus = INVESTMENT_FOCUS_OPTIONS.find((o) => o.value === values.investmentFocus);
    if (!focus) {
      setFieldErrors({ investmentFocus: "Please choose your investment focus." });
      return;
    }
    setFieldErrors({});
    commit({
      variables: {
        input: {
          firstName: values.firstName.trim(),
          lastName: values.lastName.trim(),
          email: values.email.trim(),
          investmentFocus: focus.graphql,
          message: values.message.trim(),
        },
      },
      onCompleted: () => {
        toast({ title: "Message Sent", description: "Thank you for your message! We will get back to you soon." });
        setValues(EMPTY);
      },
      onError: (error) => {
        const requestError = error instanceof GraphQLRequestError ? error : null;
        if (requestError?.fieldErrors.length) {
          const next: Partial<Record<FieldName, string>> = {};
          for (const { field, message } of requestError.fieldErrors) {
            if (field in EMPTY) next[field as FieldName] = message;
          }
          setFieldErrors(next);
        }
        toast({ title: "Error", description: requestError?.message ?? GENERIC_ERROR_MESSAGE, variant: "destructive" });
      },
    });
  };

  const fieldProps = (name: FieldName) => ({
    id: `contact-${name}`,
    name,
    value: values[name],
    onChange,
    required: true,
    "aria-invalid": fieldErrors[name] ? true : undefined,
    "aria-describedby": fieldErrors[name] ? `contact-${name}-error` : undefined,
  });

  const errorFor = (name: FieldName) =>
    fieldErrors[name] ? (
      <FieldError id={`contact-${name}-error`} role="alert">
        {fieldErrors[name]}
      </FieldError>
    ) : null;

  return (
    <Form onSubmit={onSubmit} aria-labelledby="contact-form-title" noValidate={false}>
      <h2 id="contact-form-title">Send us a message</h2>
      <Row>
        <Field>
          <label htmlFor="contact-firstName">First Name</label>
          <Input type="text" autoComplete="given-name" {...fieldProps("firstName")} />
          {errorFor("firstName")}
        </Field>
        <Field>
          <label htmlFor="contact-lastName">Last Name</label>
          <Input type="text" autoComplete="family-name" {...fieldProps("lastName")} />
          {errorFor("lastName")}
        </Field>
      </Row>
      <Field>
        <label htmlFor="contact-email">Email Address</label>
        <Input type="email" autoComplete="email" {...fieldProps("email")} />
        {errorFor("email")}
      </Field>
      <Field>
        <label htmlFor="contact-investmentFocus">Investment Focus</label>
        <Select {...fieldProps("investmentFocus")}>
          <option value="" disabled>
            Select your focus
          </option>
          {INVESTMENT_FOCUS_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Select>
        {errorFor("investmentFocus")}
      </Field>
      <Field>
        <label htmlFor="contact-message">Message</label>
        <TextArea rows={4} {...fieldProps("message")} />
        {errorFor("message")}
      </Field>
      <Button type="submit" $size="lg" disabled={isInFlight}>
        {isInFlight ? "Sending..." : "Send Message"}
      </Button>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  h2 { font-size: ${({ theme }) => theme.fontSizes.xl}; }
  > button { justify-self: start; }
`;

const Row = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  @media (min-width: ${({ theme }) => theme.breakpoints.sm}) { grid-template-columns: 1fr 1fr; }
`;

const control = css`
  width: 100%;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &[aria-invalid="true"] { border-color: ${({ theme }) => theme.colors.danger}; }
  &:focus-visible { outline-offset: 0; }
`;

const Input = styled.input`${control}`;
const Select = styled.select`${control}`;
const TextArea = styled.textarea`${control} resize: vertical;`;
