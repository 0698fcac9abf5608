import { useId, useState, type FormEvent } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import styled from "styled-components";
import { Field, FieldError, FieldHint, TextInput } from "../FormControls/FormControls";
import { checkScreenForm, formValuesFromRequest, type ScreenFormValues } from "../ScreenForm/screenFormValues";
import { checkProForm, proFormValuesFromRequest, type ProFormValues } from "../ScreenForm/proFormValues";
import { runErrorMessage } from "../ScreenForm/useScreenRun";
import { formatDateTime } from "../SentimentBadge/sentiment";
import { useToast } from "../Toaster/useToast";
import { Button, ButtonLink } from "../ui/Button";
import { Badge } from "../ui/Layout";
import type { SavedScreensDeleteMutation } from "./__generated__/SavedScreensDeleteMutation.graphql";
import type { SavedScreensSaveMutation, ScreenKind } from "./__generated__/SavedScreensSaveMutation.graphql";
import type { SavedScreens_viewer$data, SavedScreens_viewer$key } from "./__generated__/SavedScreens_viewer.graphql";

/** The server's limit on a saved screen's name. */
const NAME_MAX_LENGTH = 80;

interface SavedScreensProps {
  /** The signed-in user (null for a visitor, who is asked to sign in). */
  viewer: SavedScreens_viewer$key | null | undefined;
  /** What a screen saved from this form runs as. */
  kind: Exclude<ScreenKind, "%future added value">;
  /** The form as it stands: what "Save" stores. */
  values: ScreenFormValues;
  onApply: (values: ScreenFormValues) => void;
  /** The Pro Screener's advanced filters: saved with a PRO screen, and set (or cleared) when a screen is applied. */
  advanced?: { values: ProFormValues; onApply: (values: ProFormValues) => void };
}

/** Signed-in users save the current form by name and apply or delete their saved screens. */
export function SavedScreens({ viewer, kind, values, onApply, advanced }: SavedScreensProps) {
  const id = useId();
  const user = useFragment(
    graphql`
      fragment SavedScreens_viewer on Viewer {
        id
        savedScreens {
          id
          name
          kind
          updatedAt
          request {
            ...screenFormValues_request
            advanced {
              ...proFormValues_advanced
            }
          }
        }
      }
    `,
    viewer,
  );

  return (
    <section aria-labelledby={`${id}-title`}>
      <Title id={`${id}-title`}>Saved screens</Title>
      {user ? (
        <SavedScreenList viewerId={user.id} screens={user.savedScreens} kind={kind} values={values} onApply={onApply} advanced={advanced} />
      ) : (
        <SignIn>
          <ButtonLink to="/auth" $variant="secondary" $size="sm">
            Sign in to save screens
          </ButtonLink>
          <FieldHint>Saved screens keep your parameters for next time.</FieldHint>
        </SignIn>
      )}
    </section>
  );
}

type SavedScreen = SavedScreens_viewer$data["savedScreens"][number];

interface SavedScreenListProps extends Omit<SavedScreensProps, "viewer"> {
  viewerId: string;
  screens: readonly SavedScreen[];
}

function SavedScreenList({ viewerId, screens, kind, values, onApply, advanced }: SavedScreenListProps) {
  const id = useId();
  const { toast } = useToast();
  const [name, setName] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [applied, setApplied] = useState<string | null>(null);

  const [commitSave, isSaving] = useMutation<SavedScreensSaveMutation>(graphql`
    mutation SavedScreensSaveMutation($input: SaveScreenInput!) {
      saveScreen(input: $input) {
        savedScreen {
          id
          name
          kind
          updatedAt
          request {
            ...screenFormValues_request
            advanced {
              ...proFormValues_advanced
            }
          }
        }
      }
    }
  `);
  const [commitDelete, isDeleting] = useMutation<SavedScreensDeleteMutation>(graphql`
    mutation SavedScreensDeleteMutation($id: ID!) {
      deleteSavedScreen(id: $id) {
        deletedId
      }
    }
  `);

  const onSave = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) {
      setProblem("Give the screen a name.");
      return;
    }
    const check = checkScreenForm(values);
    if (check.errors) {
      setProblem(`Fix the form first: ${Object.values(check.errors).join(" ")}`);
      return;
    }
    const proCheck = kind === "PRO" && advanced ? checkProForm(advanced.values, values.minSentiment) : null;
    if (proCheck?.errors) {
      setProblem(`Fix the advanced filters first: ${Object.values(proCheck.errors).join(" ")}`);
      return;
    }
    setProblem(null);
    commitSave({
      variables: { input: { name: trimmed, kind, request: check.input, ...(proCheck?.advanced ? { advanced: proCheck.advanced } : {}) } },
      updater: (store) => {
        const saved = store.getRootField("saveScreen")?.getLinkedRecord("savedScreen");
        const viewer = store.get(viewerId);
        if (!saved || !viewer) return;
        // The same name overwrites (server rule): newest first, one entry per name.
        const others = (viewer.getLinkedRecords("savedScreens") ?? []).filter(
          (record) => record && record.getDataID() !== saved.getDataID() && record.getValue("name") !== saved.getValue("name"),
        );
        viewer.setLinkedRecords([saved, ...others], "savedScreens");
      },
      onCompleted: () => {
        setName("");
        toast({ title: "Screen Saved", description: `“${trimmed}” is in your saved screens.` });
      },
      onError: (error) => {
        toast({ title: "Screen Not Saved", description: runErrorMessage(error, "Could not save the screen."), variant: "destructive" });
      },
    });
  };

  const onDelete = (screen: SavedScreen) =>
    commitDelete({
      variables: { id: screen.id },
      updater: (store) => {
        const deletedId = store.getRootField("deleteSavedScreen")?.getValue("deletedId");
        const viewer = store.get(viewerId);
        if (typeof deletedId !== "string" || !viewer) return;
        const remaining = (viewer.getLinkedRecords("savedScreens") ?? []).filter((record) => record && record.getDataID() !== deletedId);
        viewer.setLinkedRecords(remaining, "savedScreens");
        store.delete(deletedId);
      },
      onError: (error) => {
        toast({ title: "Screen Not Deleted", description: runErrorMessage(error, "Could not delete the screen."), variant: "destructive" });
      },
    });

  return (
    <Stack>
      <SaveForm onSubmit={onSave} aria-label="Save the current screen" noValidate>
        <Field>
          <label htmlFor={`${id}-name`}>Name</label>
          <Row>
            <TextInput
              id={`${id}-name`}
              value={name}
              maxLength={NAME_MAX_LENGTH}
              placeholder="e.g. Liquid tech momentum"
              autoComplete="off"
              onChange={(event) => {
                setName(event.target.value);
                setProblem(null);
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
            <Button type="submit" $variant="secondary" disabled={isSaving}>
              {isSaving ? "Saving..." : "Save"}
            </Button>
          </Row>
          {problem ? (
            <FieldError id={`${id}-problem`} role="alert">
              {problem}
            </FieldError>
          ) : null}
        </Field>
      </SaveForm>

      {screens.length === 0 ? (
        <FieldHint>No saved screens yet. Set the form up and save it by name.</FieldHint>
      ) : (
        <List>
          {screens.map((screen) => (
            <Item key={screen.id}>
              <div>
                <span>
                  <strong>{screen.name}</strong> {screen.kind === "COMBINED" ? <Badge>Combined</Badge> : screen.kind === "PRO" ? <Badge>Pro</Badge> : null}
                </span>
                <small>Saved {formatDateTime(screen.updatedAt)}</small>
              </div>
              <Buttons>
                <Button
                  type="button"
                  $size="sm"
                  $variant="secondary"
                  aria-label={`Apply ${screen.name}`}
                  onClick={() => {
                    onApply(formValuesFromRequest(screen.request));
                    advanced?.onApply(proFormValuesFromRequest(screen.request.advanced));
                    // A Pro screen applied on a form without advanced filters: say what was left behind.
                    setApplied(
                      screen.kind === "PRO" && !advanced
                        ? `Applied “${screen.name}” without its advanced filters: they run on the Pro Screener only. Review the form and run the screen.`
                        : `Applied “${screen.name}”. Review the form and run the screen.`,
                    );
                  }}
                >
                  Apply
                </Button>
                <Button type="button" $size="sm" $variant="ghost" aria-label={`Delete ${screen.name}`} disabled={isDeleting} onClick={() => onDelete(screen)}>
                  Delete
                </Button>
              </Buttons>
            </Item>
          ))}
        </List>
      )}
      <FieldHint role="status">{applied}</FieldHint>
    </Stack>
  );
}

const Title = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes.md};
  margin-bottom: ${({ theme }) => theme.space.sm};
`;

const SignIn = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  justify-items: start;
`;

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const SaveForm = styled.form`
  display: grid;
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.sm};
  > input { flex: 1 1 auto; width: auto; min-width: 0; }
  > button { min-height: 44px; }
`;

const List = styled.ul`
  display: grid;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Item = styled.li`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.sm} 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  &:last-child { border-bottom: 0; }
  > div:first-child { display: grid; gap: 2px; min-width: 0; overflow-wrap: anywhere; }
  small { color: ${({ theme }) => theme.colors.textMuted}; font-size: ${({ theme }) => theme.fontSizes.xs}; }
`;

const Buttons = styled.div`
  display: flex;
  gap: 4px;
`;
