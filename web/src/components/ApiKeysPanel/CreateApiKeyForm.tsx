import { useState, type FormEvent } from "react";
import { graphql, useMutation } from "react-relay";
import styled from "styled-components";
import { GraphQLRequestError } from "../../relay/environment";
import { Field, FieldError, FieldHint, TextInput } from "../FormControls/FormControls";
import { useToast } from "../Toaster/useToast";
import { Button } from "../ui/Button";
import { apiKeyErrorMessage } from "./graphqlErrorMessage";
import type { CreateApiKeyFormMutation } from "./__generated__/CreateApiKeyFormMutation.graphql";

export interface CreatedApiKey {
  name: string;
  secret: string;
}

interface CreateApiKeyFormProps {
  /** The viewer's record id: the new key is put at the top of its apiKeys list. */
  viewerId: string;
  onCreated: (key: CreatedApiKey) => void;
}

const NAME_MAX_LENGTH = 100;

/** Names and creates an API key (Pro); the secret goes to `onCreated`, never into the page's data. */
export function CreateApiKeyForm({ viewerId, onCreated }: CreateApiKeyFormProps) {
  const { toast } = useToast();
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [commit, isInFlight] = useMutation<CreateApiKeyFormMutation>(graphql`
    mutation CreateApiKeyFormMutation($input: CreateApiKeyInput!) {
      createApiKey(input: $input) {
        apiKey {
          id
          name
          ...ApiKeyItem_apiKey
        }
        secret
      }
    }
  `);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError("Give the key a name, e.g. where you will use it.");
      return;
    }
    setNameError(null);
    commit({
      variables: { input: { name: trimmed } },
      updater: (store) => {
        const apiKey = store.getRootField("createApiKey")?.getLinkedRecord("apiKey");
        const viewer = store.get(viewerId);
        if (!apiKey || !viewer) return;
        viewer.setLinkedRecords([apiKey, ...(viewer.getLinkedRecords("apiKeys") ?? [])], "apiKeys");
      },
      onCompleted: ({ createApiKey }) => {
        setName("");
        onCreated({ name: createApiKey.apiKey.name, secret: createApiKey.secret });
      },
      onError: (error) => {
        const fieldMessage = error instanceof GraphQLRequestError ? error.fieldErrors.find((e) => e.field === "name")?.message : undefined;
        if (fieldMessage) setNameError(fieldMessage);
        toast({ title: "Key Not Created", description: fieldMessage ?? apiKeyErrorMessage(error), variant: "destructive" });
      },
    });
  };

  return (
    <Form onSubmit={onSubmit} aria-label="Create an API key">
      <Field>
        <label htmlFor="api-key-name">Key name</label>
        <Row>
          <TextInput
            id="api-key-name"
            name="name"
            value={name}
            maxLength={NAME_MAX_LENGTH}
            placeholder="e.g. Research notebook"
            autoComplete="off"
            onChange={(event) => {
              setName(event.target.value);
              if (nameError) setNameError(null);
            }}
            aria-invalid={nameError ? true : undefined}
            aria-describedby={nameError ? "api-key-name-error" : "api-key-name-hint"}
          />
          <Button type="submit" disabled={isInFlight}>
            {isInFlight ? "Creating..." : "Create key"}
          </Button>
        </Row>
        {nameError ? (
          <FieldError id="api-key-name-error" role="alert">{nameError}</FieldError>
        ) : (
          <FieldHint id="api-key-name-hint">A name helps you tell keys apart, e.g. the tool or machine that uses it.</FieldHint>
        )}
      </Field>
    </Form>
  );
}

const Form = styled.form`
  display: grid;
`;

const Row = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  > input { flex: 1 1 200px; width: auto; }
  > button { min-height: 44px; }
`;
