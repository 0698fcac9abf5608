import { useId, useState, type ChangeEvent, type FormEvent, type ReactNode } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import { Link } from "react-router-dom";
import styled from "styled-components";
import {
  CONDITION_SPECS,
  conditionsFor,
  isCondition,
  paramsComplete,
  paramsForCondition,
  paramsFromAlert,
  paramsInput,
  PARAM_NAMES,
  type ConditionName,
  type ParamSpec,
  type TargetKind,
} from "../../components/AlertCondition/alertConditions";
import { Field, FieldError, FieldHint, TextInput } from "../../components/FormControls/FormControls";
import { Notice } from "../../components/Notice/Notice";
import { runErrorMessage } from "../../components/ScreenForm/useScreenRun";
import { useToast } from "../../components/Toaster/useToast";
import { Button } from "../../components/ui/Button";
import { Badge } from "../../components/ui/Layout";
import { GraphQLRequestError } from "../../relay/environment";
import type { AlertForm_alert$data, AlertForm_alert$key } from "./__generated__/AlertForm_alert.graphql";
import type { AlertForm_viewer$key } from "./__generated__/AlertForm_viewer.graphql";
import type { AlertFormCreateMutation, CreateAlertInput } from "./__generated__/AlertFormCreateMutation.graphql";
import type { AlertFormUpdateMutation, UpdateAlertInput } from "./__generated__/AlertFormUpdateMutation.graphql";
import { AlertHistoryPreview } from "./AlertHistoryPreview";

/** The server's limit on an alert's name. */
const NAME_MAX_LENGTH = 80;

/** A new alert: "Create alert" adds it to the list. */
interface CreateProps {
  /** How many alerts the viewer keeps now (the plan's limit is checked against it). */
  alertCount: number;
  /** The alerts connection: a new alert is appended to it. */
  connectionId: string;
  /** After a save: the page reads its lists (and the bell its state) again. */
  onCreated: () => void;
  alert?: never;
  onClose?: never;
}

/** A saved alert: the form starts from it, and "Save changes" changes it (its card reads the payload). */
interface EditProps {
  alert: AlertForm_alert$key;
  /** After the changes are saved, or on "Cancel". */
  onClose: () => void;
  alertCount?: never;
  connectionId?: never;
  onCreated?: never;
}

type AlertFormProps = { viewer: AlertForm_viewer$key } & (CreateProps | EditProps);

type Errors = Partial<Record<string, string>>;

/** The top-level input fields the form shows an error beside (params' fields come as their own names). */
const FORM_FIELDS = ["name", "condition", "ticker", "watchlistId", "savedScreenId", "channels", "emailMode", "webhookUrl", "params"];

/** The server's field errors by the form's field names ("params.level" and "level" both count as "level"). */
function errorsOf(error: unknown): { byField: Errors; others: string[] } {
  const byField: Errors = {};
  const others: string[] = [];
  if (!(error instanceof GraphQLRequestError)) return { byField, others };
  for (const { field, message } of error.fieldErrors) {
    const name = field.split(".").pop() ?? field;
    const known = FORM_FIELDS.includes(name) || (PARAM_NAMES as readonly string[]).includes(name);
    if (!known) others.push(message);
    else if (!byField[name]) byField[name] = message;
  }
  return { byField, others };
}

/** The form's starting values: a saved alert's, or a new alert's (watchlist and screen "" mean the first on offer). */
function initialValues(saved: AlertForm_alert$data | null | undefined) {
  if (!saved) {
    return {
      name: "",
      target: "ticker" as TargetKind,
      ticker: "",
      watchlistId: "",
      savedScreenId: "",
      condition: "PRICE_CROSS" as ConditionName,
      params: paramsForCondition("PRICE_CROSS"),
      email: true,
      emailMode: "IMMEDIATE" as const,
      webhook: false,
      webhookUrl: "",
    };
  }
  const condition: ConditionName = isCondition(saved.condition) ? saved.condition : "PRICE_CROSS";
  // A watchlist or screen deleted since leaves no target: the form then asks for one.
  const target: TargetKind = CONDITION_SPECS[condition].watches === "screen" ? "screen" : saved.watchlist ? "watchlist" : "ticker";
  return {
    name: saved.name,
    target,
    ticker: saved.ticker ?? "",
    watchlistId: saved.watchlist?.id ?? "",
    savedScreenId: saved.savedScreen?.id ?? "",
    condition,
    params: paramsFromAlert(condition, saved.params),
    email: saved.channels.includes("EMAIL"),
    emailMode: saved.emailMode === "DIGEST" ? ("DIGEST" as const) : ("IMMEDIATE" as const),
    webhook: saved.channels.includes("WEBHOOK"),
    webhookUrl: saved.webhookUrl ?? "",
  };
}

/**
 * "New alert", or a saved alert's editor: what to watch, the condition and its settings, the channels;
 * the history of what is typed beside it.
 */
export function AlertForm(props: AlertFormProps) {
  const { viewer: viewerRef, alert: alertRef } = props;
  const viewer = useFragment(
    graphql`
      fragment AlertForm_viewer on Viewer {
        alertLimits {
          alerts
          webhooks
        }
        plan {
          hasProAccess
        }
        watchlists(first: 20) {
          edges {
            node {
              id
              name
              tickers
            }
          }
        }
        savedScreens {
          id
          name
          kind
        }
      }
    `,
    viewerRef,
  );
  const saved = useFragment(
    graphql`
      fragment AlertForm_alert on Alert {
        id
        name
        condition
        params {
          direction
          level
          percent
          fast
          slow
          minArticles
          action
          days
          change
          fundCik
        }
        ticker
        watchlist {
          id
        }
        savedScreen {
          id
        }
        channels
        emailMode
        webhookUrl
      }
    `,
    alertRef ?? null,
  );
  const id = useId();
  const fieldId = (name: string) => `${id}-${name}`;
  const { toast } = useToast();
  const watchlists = viewer.watchlists.edges.map((edge) => edge.node);
  const screens = viewer.savedScreens;
  const pro = viewer.plan.hasProAccess;
  const webhooksAllowed = viewer.alertLimits.webhooks;

  const [initial] = useState(() => initialValues(saved));
  const [name, setName] = useState(initial.name);
  const [target, setTarget] = useState<TargetKind>(initial.target);
  const [ticker, setTicker] = useState(initial.ticker);
  const [watchlistId, setWatchlistId] = useState(initial.watchlistId);
  const [savedScreenId, setSavedScreenId] = useState(initial.savedScreenId);
  const [condition, setCondition] = useState<ConditionName>(initial.condition);
  const [params, setParams] = useState(initial.params);
  const [email, setEmail] = useState(initial.email);
  const [emailMode, setEmailMode] = useState<"IMMEDIATE" | "DIGEST">(initial.emailMode);
  const [webhook, setWebhook] = useState(initial.webhook);
  const [webhookUrl, setWebhookUrl] = useState(initial.webhookUrl);
  const [errors, setErrors] = useState<Errors>({});
  const [otherErrors, setOtherErrors] = useState<string[]>([]);

  // A list or screen picked before it was deleted (or none yet): the first one on offer.
  const chosenWatchlist = watchlists.some((list) => list.id === watchlistId) ? watchlistId : (watchlists[0]?.id ?? "");
  const chosenScreen = screens.some((screen) => screen.id === savedScreenId) ? savedScreenId : (screens[0]?.id ?? "");

  // Both payloads carry what the list's card and its editor read, so the store has the alert as saved.
  const [commitCreate, isCreating] = useMutation<AlertFormCreateMutation>(graphql`
    mutation AlertFormCreateMutation($input: CreateAlertInput!, $connections: [ID!]!) {
      createAlert(input: $input) {
        alert @appendNode(connections: $connections, edgeTypeName: "ViewerAlertsConnectionEdge") {
          id
          name
          ...AlertCard_alert
          ...AlertForm_alert
        }
      }
    }
  `);
  const [commitUpdate, isUpdating] = useMutation<AlertFormUpdateMutation>(graphql`
    mutation AlertFormUpdateMutation($id: ID!, $input: UpdateAlertInput!) {
      updateAlert(id: $id, input: $input) {
        alert {
          id
          name
          ...AlertCard_alert
          ...AlertForm_alert
        }
      }
    }
  `);
  const isSaving = isCreating || isUpdating;

  const clearError = (...fields: string[]) => {
    if (fields.some((field) => errors[field])) setErrors((current) => Object.fromEntries(Object.entries(current).filter(([field]) => !fields.includes(field))));
  };
  const pickCondition = (next: ConditionName) => {
    setCondition(next);
    setParams(paramsForCondition(next));
    clearError("condition", "params", ...PARAM_NAMES);
  };
  const pickTarget = (next: TargetKind) => {
    setTarget(next);
    clearError("ticker", "watchlistId", "savedScreenId", "condition");
    if (!conditionsFor(next).includes(condition)) pickCondition(conditionsFor(next)[0]!);
  };

  const targetInput = {
    ticker: target === "ticker" && ticker.trim() ? ticker.trim().toUpperCase() : null,
    watchlistId: target === "watchlist" && chosenWatchlist ? chosenWatchlist : null,
    savedScreenId: target === "screen" && chosenScreen ? chosenScreen : null,
  };
  const input: CreateAlertInput = {
    name: name.trim(),
    condition,
    params: paramsInput(condition, params),
    ...targetInput,
    // A webhook the plan no longer allows shows unticked, and is saved so.
    channels: [...(email ? (["EMAIL"] as const) : []), ...(webhook && webhooksAllowed ? (["WEBHOOK"] as const) : [])],
    emailMode: email ? emailMode : null,
    webhookUrl: webhook && webhooksAllowed ? webhookUrl.trim() : null,
  };
  // The history needs what is watched and the condition's settings (not the channels), and nothing the plan refuses.
  const complete = Boolean(targetInput.ticker || targetInput.watchlistId || targetInput.savedScreenId) && paramsComplete(condition, params) && (pro || !CONDITION_SPECS[condition].pro);
  // A fixed name: the history does not depend on it, and typing one asks for nothing new.
  const previewInput: CreateAlertInput | null = complete ? { name: "Preview", condition, params: input.params, ...targetInput } : null;

  const showErrors = (error: Error) => {
    const { byField, others } = errorsOf(error);
    setErrors(byField);
    setOtherErrors(Object.keys(byField).length === 0 && others.length === 0 ? [runErrorMessage(error, saved ? "Could not save the changes." : "Could not create the alert.")] : others);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setErrors({});
    setOtherErrors([]);
    if (props.alert === undefined) {
      const { connectionId, onCreated } = props;
      commitCreate({
        variables: { input, connections: [connectionId] },
        onCompleted: (response) => {
          const created = response.createAlert.alert;
          toast({ title: "Alert Created", description: `“${created.name}” is watching.` });
          setName("");
          onCreated();
        },
        onError: showErrors,
      });
      return;
    }
    const { onClose } = props;
    if (!saved) return; // never: the alert is given
    // In UpdateAlertInput a missing target keeps the stored one, so the server would not say that none is given: the form does.
    if (!targetInput.ticker && !targetInput.watchlistId && !targetInput.savedScreenId) {
      setErrors({ [target === "ticker" ? "ticker" : target === "watchlist" ? "watchlistId" : "savedScreenId"]: `Choose the ${target === "screen" ? "saved screen" : target} this alert watches.` });
      return;
    }
    // Likewise a null webhook URL would keep the stored one: "" clears it.
    const changes: UpdateAlertInput = { ...input, webhookUrl: input.webhookUrl ?? "" };
    commitUpdate({
      variables: { id: saved.id, input: changes },
      // The saved history (asked for by the card) was of the alert as it was.
      updater: (store) => store.get(saved.id)?.invalidateRecord(),
      onCompleted: (response) => {
        toast({ title: "Alert Saved", description: `“${response.updateAlert.alert.name}” is saved with your changes.` });
        onClose();
      },
      onError: showErrors,
    });
  };

  const limitReached = props.alert === undefined && props.alertCount >= viewer.alertLimits.alerts;
  if (limitReached) {
    return (
      <Notice tone="warning" title="Alert limit reached">
        <p>
          You have {viewer.alertLimits.alerts === 1 ? "your one alert" : `all ${viewer.alertLimits.alerts} alerts`} your plan keeps. Delete one to add another
          {pro ? "." : <>, or <Link to="/pricing">upgrade to Pro</Link> for 200 alerts, webhooks and 13F alerts.</>}
        </p>
      </Notice>
    );
  }

  const errorFor = (field: string) => errors[field];
  const described = (field: string, hint?: boolean) => (errors[field] ? fieldId(`${field}-error`) : hint ? fieldId(`${field}-hint`) : undefined);
  const targetError = errors.ticker ?? errors.watchlistId ?? errors.savedScreenId;
  const spec = CONDITION_SPECS[condition];

  return (
    <Stack>
      <form onSubmit={onSubmit} aria-label={saved ? `Edit ${saved.name}` : "New alert"} noValidate>
        <Fields>
          <Field>
            <label htmlFor={fieldId("name")}>Name</label>
            <TextInput
              id={fieldId("name")}
              value={name}
              maxLength={NAME_MAX_LENGTH}
              placeholder="e.g. Apple breaks out"
              autoComplete="off"
              aria-invalid={errorFor("name") ? true : undefined}
              aria-describedby={described("name")}
              onChange={(event) => {
                setName(event.target.value);
                clearError("name");
              }}
            />
            <ErrorLine id={fieldId("name-error")} message={errorFor("name")} />
          </Field>

          <Group>
            <legend>Watch</legend>
            <Choices>
              {(
                [
                  ["ticker", "A ticker"],
                  ["watchlist", "One of your watchlists"],
                  ["screen", "One of your saved screens"],
                ] as const
              ).map(([value, label]) => (
                <label key={value}>
                  <input type="radio" name={fieldId("target")} value={value} checked={target === value} onChange={() => pickTarget(value)} /> {label}
                </label>
              ))}
            </Choices>
            {target === "ticker" ? (
              <Field>
                <label htmlFor={fieldId("ticker")}>Ticker</label>
                <TextInput
                  id={fieldId("ticker")}
                  value={ticker}
                  placeholder="AAPL"
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  aria-invalid={targetError ? true : undefined}
                  aria-describedby={targetError ? fieldId("target-error") : undefined}
                  onChange={(event) => {
                    setTicker(event.target.value);
                    clearError("ticker");
                  }}
                />
              </Field>
            ) : target === "watchlist" ? (
              <Field>
                <label htmlFor={fieldId("watchlist")}>Watchlist</label>
                {watchlists.length > 0 ? (
                  <TextInput
                    as="select"
                    id={fieldId("watchlist")}
                    value={chosenWatchlist}
                    aria-invalid={targetError ? true : undefined}
                    aria-describedby={targetError ? fieldId("target-error") : undefined}
                    onChange={(event: ChangeEvent<HTMLSelectElement>) => {
                      setWatchlistId(event.target.value);
                      clearError("watchlistId", "ticker");
                    }}
                  >
                    {watchlists.map((list) => (
                      <option key={list.id} value={list.id}>
                        {list.name} ({list.tickers.length} ticker{list.tickers.length === 1 ? "" : "s"})
                      </option>
                    ))}
                  </TextInput>
                ) : (
                  <FieldHint>
                    No watchlists yet: <Link to="/watchlists">make one</Link> first.
                  </FieldHint>
                )}
              </Field>
            ) : (
              <Field>
                <label htmlFor={fieldId("screen")}>Saved screen</label>
                {screens.length > 0 ? (
                  <TextInput
                    as="select"
                    id={fieldId("screen")}
                    value={chosenScreen}
                    aria-invalid={targetError ? true : undefined}
                    aria-describedby={targetError ? fieldId("target-error") : undefined}
                    onChange={(event: ChangeEvent<HTMLSelectElement>) => {
                      setSavedScreenId(event.target.value);
                      clearError("savedScreenId", "ticker");
                    }}
                  >
                    {screens.map((screen) => (
                      <option key={screen.id} value={screen.id}>
                        {screen.name} ({screen.kind.toLowerCase()})
                      </option>
                    ))}
                  </TextInput>
                ) : (
                  <FieldHint>
                    No saved screens yet: save one on the <Link to="/screener">screener</Link> first.
                  </FieldHint>
                )}
              </Field>
            )}
            <ErrorLine id={fieldId("target-error")} message={targetError} />
          </Group>

          <Field>
            <label htmlFor={fieldId("condition")}>Condition</label>
            <TextInput
              as="select"
              id={fieldId("condition")}
              value={condition}
              aria-invalid={errorFor("condition") ? true : undefined}
              aria-describedby={errorFor("condition") ? fieldId("condition-error") : fieldId("condition-hint")}
              onChange={(event: ChangeEvent<HTMLSelectElement>) => {
                if (isCondition(event.target.value)) pickCondition(event.target.value);
              }}
            >
              {conditionsFor(target).map((name) => {
                const locked = CONDITION_SPECS[name].pro && !pro;
                return (
                  <option key={name} value={name} disabled={locked}>
                    {CONDITION_SPECS[name].label}
                    {locked ? " (Pro)" : ""}
                  </option>
                );
              })}
            </TextInput>
            <FieldHint id={fieldId("condition-hint")}>
              {spec.help}
              {target !== "screen" && !pro ? " 13F fund-change alerts need Pro: 13F holdings are Pro data." : ""}
            </FieldHint>
            <ErrorLine id={fieldId("condition-error")} message={errorFor("condition")} />
          </Field>

          {spec.params.length > 0 ? (
            <Group>
              <legend>Settings</legend>
              <Settings>
                {spec.params.map((param) => (
                  <ParamInput
                    key={param.name}
                    spec={param}
                    id={fieldId(`param-${param.name}`)}
                    value={params[param.name]}
                    error={errorFor(param.name)}
                    onChange={(value) => {
                      setParams((current) => ({ ...current, [param.name]: value }));
                      clearError(param.name, "params");
                    }}
                  />
                ))}
              </Settings>
              <ErrorLine id={fieldId("params-error")} message={errorFor("params")} />
            </Group>
          ) : null}

          <Group aria-describedby={errorFor("channels") ? fieldId("channels-error") : fieldId("channels-hint")}>
            <legend>Channels</legend>
            <FieldHint id={fieldId("channels-hint")}>Every firing shows under the bell in the app; choose where else it goes.</FieldHint>
            <Choices>
              <label>
                <input
                  type="checkbox"
                  checked={email}
                  onChange={(event) => {
                    setEmail(event.target.checked);
                    clearError("channels", "emailMode");
                  }}
                />{" "}
                Email
              </label>
              <label>
                <input
                  type="checkbox"
                  checked={webhook && webhooksAllowed}
                  disabled={!webhooksAllowed}
                  aria-describedby={webhooksAllowed ? undefined : fieldId("webhook-pro")}
                  onChange={(event) => {
                    setWebhook(event.target.checked);
                    clearError("channels", "webhookUrl");
                  }}
                />{" "}
                Webhook {webhooksAllowed ? null : <Badge>Pro</Badge>}
              </label>
            </Choices>
            {webhooksAllowed ? null : (
              <FieldHint id={fieldId("webhook-pro")}>
                Webhooks (signed HTTPS requests to your own service) need <Link to="/pricing">Pro</Link>.
              </FieldHint>
            )}
            <ErrorLine id={fieldId("channels-error")} message={errorFor("channels")} />
            {email ? (
              <SubGroup>
                <legend>Email</legend>
                <Choices>
                  <label>
                    <input type="radio" name={fieldId("email-mode")} checked={emailMode === "IMMEDIATE"} onChange={() => setEmailMode("IMMEDIATE")} /> Immediately
                  </label>
                  <label>
                    <input type="radio" name={fieldId("email-mode")} checked={emailMode === "DIGEST"} onChange={() => setEmailMode("DIGEST")} /> Daily digest
                  </label>
                </Choices>
                <ErrorLine id={fieldId("emailMode-error")} message={errorFor("emailMode")} />
              </SubGroup>
            ) : null}
            {webhook && webhooksAllowed ? (
              <Field>
                <label htmlFor={fieldId("webhookUrl")}>Webhook URL</label>
                <TextInput
                  id={fieldId("webhookUrl")}
                  type="url"
                  value={webhookUrl}
                  placeholder="https://example.com/hooks/tickerscope"
                  autoComplete="off"
                  spellCheck={false}
                  aria-invalid={errorFor("webhookUrl") ? true : undefined}
                  aria-describedby={described("webhookUrl", true)}
                  onChange={(event) => {
                    setWebhookUrl(event.target.value);
                    clearError("webhookUrl");
                  }}
                />
                {errorFor("webhookUrl") ? (
                  <ErrorLine id={fieldId("webhookUrl-error")} message={errorFor("webhookUrl")} />
                ) : (
                  <FieldHint id={fieldId("webhookUrl-hint")}>
                    https, on a public address. Each request is signed with the alert&apos;s secret (shown once it is saved). To try it on this machine: {window.location.origin}/dev/webhooks/any-name.
                  </FieldHint>
                )}
              </Field>
            ) : null}
          </Group>

          {otherErrors.length > 0 ? (
            <FieldError role="alert">{otherErrors.join(" ")}</FieldError>
          ) : Object.keys(errors).length > 0 ? (
            <FieldError role="alert">Please check the highlighted fields and try again.</FieldError>
          ) : null}
          <Actions>
            <Button type="submit" disabled={isSaving}>
              {saved ? (isSaving ? "Saving..." : "Save changes") : isSaving ? "Creating..." : "Create alert"}
            </Button>
            {saved ? (
              <Button type="button" $variant="ghost" disabled={isSaving} onClick={props.onClose}>
                Cancel
              </Button>
            ) : null}
          </Actions>
        </Fields>
      </form>
      <AlertHistoryPreview input={previewInput} label={saved ? `History of ${saved.name} with your changes` : "History of the new alert"} headingLevel={saved ? 4 : 3} />
    </Stack>
  );
}

function ErrorLine({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <FieldError id={id} role="alert">
      {message}
    </FieldError>
  ) : null;
}

function ParamInput({ spec, id, value, error, onChange }: { spec: ParamSpec; id: string; value: string; error: string | undefined; onChange: (value: string) => void }) {
  const describedBy = error ? `${id}-error` : spec.kind === "text" && spec.hint ? `${id}-hint` : undefined;
  let control: ReactNode;
  if (spec.kind === "choice") {
    control = (
      <TextInput as="select" id={id} value={value} aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value)}>
        {spec.choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </TextInput>
    );
  } else if (spec.kind === "number") {
    control = (
      <TextInput
        id={id}
        type="number"
        inputMode="decimal"
        min={spec.min}
        max={spec.max}
        step={spec.step}
        value={value}
        placeholder={spec.placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  } else {
    control = (
      <TextInput id={id} value={value} placeholder={spec.placeholder} autoComplete="off" aria-invalid={error ? true : undefined} aria-describedby={describedBy} onChange={(event) => onChange(event.target.value)} />
    );
  }
  return (
    <Field>
      <label htmlFor={id}>{spec.label}</label>
      {control}
      {spec.kind === "text" && spec.hint && !error ? <FieldHint id={`${id}-hint`}>{spec.hint}</FieldHint> : null}
      <ErrorLine id={`${id}-error`} message={error} />
    </Field>
  );
}

const Stack = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  min-width: 0;
`;

const Fields = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
`;

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  min-width: 0;
  legend { padding: 0 4px; font-weight: 600; font-size: ${({ theme }) => theme.fontSizes.sm}; }
  p { margin: 0; }
`;

const SubGroup = styled(Group)`
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
`;

const Choices = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.lg};
  label { display: inline-flex; align-items: center; gap: 6px; min-height: 32px; cursor: pointer; }
  input { width: 18px; height: 18px; margin: 0; accent-color: ${({ theme }) => theme.colors.primary}; }
  label:has(input:disabled) { cursor: not-allowed; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const Settings = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  grid-template-columns: repeat(auto-fit, minmax(10rem, 1fr));
`;
