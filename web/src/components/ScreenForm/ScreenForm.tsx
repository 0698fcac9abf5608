import { useId, useMemo, useState, type ChangeEvent, type Dispatch, type FormEvent, type ReactNode, type SetStateAction } from "react";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { parseTickerCsv, TickerCsvError, type ParsedTickers } from "@shared/screen-rules";
import { Field, FieldError, FieldHint, FormStack, TextInput } from "../FormControls/FormControls";
import { formatInteger } from "../ScreenResults/format";
import { Button } from "../ui/Button";
import { readFileText } from "./readFileText";
import {
  checkScreenForm,
  NEWS_SOURCES,
  NUMBER_FIELDS,
  SECTOR_KEYWORD_MAX_LENGTH,
  tickersOf,
  type NumberField,
  type ScreenFormField,
  type ScreenFormValues,
  type ScreenUniverse,
} from "./screenFormValues";
import type { ScreenInput } from "./useScreenRun";
import type { ScreenForm_query$key } from "./__generated__/ScreenForm_query.graphql";
import { Check, Checks, Pair } from "./formLayout";

export interface ScreenFormProps {
  /** Query spreading `...ScreenForm_query`: the universe choices with their real sizes. */
  query: ScreenForm_query$key;
  values: ScreenFormValues;
  onChange: Dispatch<SetStateAction<ScreenFormValues>>;
  /** Called with the checked request (numbers parsed) when the form is valid. */
  onRun: (input: ScreenInput) => void;
  /** A run is pending: the button reads 'Running...' and is disabled. */
  running: boolean;
  runLabel: string;
  /** Names the form for assistive technology, e.g. "Basic screen parameters". */
  label: string;
  /** More fields inside the form, above the run button (the Pro Screener's advanced filters). */
  children?: ReactNode;
}

const MARKET_FIELDS: readonly NumberField[] = ["minPrice", "minVolume", "maxSymbols"];

/** "A, B and 3 more": a dropped-entries list stays one line however junky the file. */
function sample(entries: readonly string[], max = 8): string {
  const shown = entries.slice(0, max).join(", ");
  return entries.length > max ? `${shown} and ${entries.length - max} more` : shown;
}

function tickerFeedback({ tickers, dropped }: ParsedTickers): string {
  const kept = `${formatInteger(tickers.length)} ${tickers.length === 1 ? "ticker" : "tickers"}`;
  return dropped.length > 0 ? `${kept}, dropped: ${sample(dropped)}` : kept;
}

/**
 * The screening parameters (spec §2, §5, §9): universe with its dependent inputs (CSV upload,
 * typed tickers, market filters), every range, step and default of the spec, the presets'
 * signal filters, and client-side checks naming each field and its bound.
 */
export function ScreenForm({ query, values, onChange, onRun, running, runLabel, label, children }: ScreenFormProps) {
  const { screenUniverses } = useFragment(
    graphql`
      fragment ScreenForm_query on Query {
        screenUniverses {
          universe
          label
          description
        }
      }
    `,
    query,
  );
  const id = useId();
  const fieldId = (field: string) => `${id}-${field}`;
  const [submitted, setSubmitted] = useState(false);
  const [touched, setTouched] = useState<Partial<Record<ScreenFormField, boolean>>>({});
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  const [marketShown, setMarketShown] = useState(false);
  const check = useMemo(() => checkScreenForm(values), [values]);
  const errorOf = (field: ScreenFormField) => (submitted || touched[field] ? check.errors?.[field] : undefined);
  const tickers = tickersOf(values);
  const selectedUniverse = screenUniverses.find((choice) => choice.universe === values.universe);
  const marketErrors = MARKET_FIELDS.some((field) => errorOf(field));
  const marketOpen = values.universe === "ALL_MARKET" || marketShown || marketErrors;

  const set = <Key extends keyof ScreenFormValues>(key: Key, value: ScreenFormValues[Key]) =>
    onChange((current) => ({ ...current, [key]: value }));
  const touch = (field: ScreenFormField) => setTouched((current) => (current[field] ? current : { ...current, [field]: true }));

  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    touch("upload");
    if (!file) {
      setFileProblem(null);
      set("upload", null);
      return;
    }
    if (!/\.csv$/i.test(file.name)) {
      setFileProblem(`${file.name} is not a .csv file.`);
      set("upload", null);
      return;
    }
    try {
      const parsed = parseTickerCsv(await readFileText(file));
      setFileProblem(null);
      set("upload", { fileName: file.name, ...parsed });
    } catch (error) {
      setFileProblem(error instanceof TickerCsvError ? `${file.name} is not valid CSV: ${error.message}.` : `${file.name} could not be read.`);
      set("upload", null);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (running) return;
    setSubmitted(true);
    if (check.errors) {
      const form = event.currentTarget;
      // After the messages render, put the cursor where the first problem is.
      requestAnimationFrame(() => form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
      return;
    }
    onRun(check.input);
  };

  const numberField = (field: NumberField, hint?: string) => (
    <NumberInput
      id={fieldId(field)}
      field={field}
      value={values[field]}
      error={errorOf(field)}
      hint={hint}
      onValue={(value) => set(field, value)}
      onBlur={() => touch(field)}
    />
  );

  const uploadError = fileProblem ?? errorOf("upload");
  const problems = submitted && check.errors ? Object.values(check.errors) : [];

  return (
    <FormStack onSubmit={onSubmit} aria-label={label} noValidate>
      <Field>
        <label htmlFor={fieldId("universe")}>Universe</label>
        <TextInput
          as="select"
          id={fieldId("universe")}
          value={values.universe}
          onChange={(event: ChangeEvent<HTMLSelectElement>) => set("universe", event.target.value as ScreenUniverse)}
          aria-describedby={selectedUniverse ? fieldId("universe-hint") : undefined}
        >
          {screenUniverses.map((choice) => (
            <option key={choice.universe} value={choice.universe}>
              {choice.label}
            </option>
          ))}
        </TextInput>
        {selectedUniverse ? <FieldHint id={fieldId("universe-hint")}>{selectedUniverse.description}</FieldHint> : null}
      </Field>

      {values.universe === "UPLOAD" ? (
        <Field>
          <label htmlFor={fieldId("upload")}>Tickers CSV file</label>
          <FileInput
            id={fieldId("upload")}
            type="file"
            accept=".csv"
            onChange={onFile}
            aria-invalid={uploadError ? true : undefined}
            aria-describedby={fieldId("upload-note")}
          />
          <Note id={fieldId("upload-note")} error={uploadError} live>
            {values.upload
              ? `${values.upload.fileName ?? "Saved list"}: ${tickerFeedback(values.upload)}${values.upload.column ? ` (column “${values.upload.column}”)` : ""}`
              : "The column named ticker or symbol is used (otherwise the first); the first line is the header."}
          </Note>
        </Field>
      ) : null}

      {values.universe === "MANUAL" ? (
        <Field>
          <label htmlFor={fieldId("manualTickers")}>Tickers</label>
          <TextInput
            as="textarea"
            id={fieldId("manualTickers")}
            rows={3}
            value={values.manualTickers}
            onChange={(event: ChangeEvent<HTMLTextAreaElement>) => set("manualTickers", event.target.value)}
            onBlur={() => touch("manualTickers")}
            aria-invalid={errorOf("manualTickers") ? true : undefined}
            aria-describedby={fieldId("manualTickers-note")}
          />
          <Note id={fieldId("manualTickers-note")} error={errorOf("manualTickers")} live>
            {tickers ? `${tickerFeedback(tickers)} (comma-separated, 1 to 5 letters)` : null}
          </Note>
        </Field>
      ) : null}

      {marketOpen ? (
        <Group>
          <legend>Market filters</legend>
          <Check>
            <input type="checkbox" checked={values.includeEtf} onChange={(event) => set("includeEtf", event.target.checked)} />
            Include ETFs
          </Check>
          {numberField("minPrice")}
          {numberField("minVolume")}
          {numberField("maxSymbols", "The most liquid symbols are kept; 0 screens the whole universe.")}
        </Group>
      ) : (
        <MarketSummary>
          <span>
            Market filters: price ≥ ${values.minPrice || "0"} · avg volume ≥ {formatInteger(Number(values.minVolume) || 0)}
            {values.includeEtf ? " · ETFs included" : ""}
          </span>
          <Button type="button" $variant="ghost" $size="sm" onClick={() => setMarketShown(true)} aria-label="Edit market filters">
            Edit
          </Button>
        </MarketSummary>
      )}

      <Field>
        <LabelRow>
          <label htmlFor={fieldId("lookbackDays")}>{NUMBER_FIELDS.lookbackDays.label}</label>
          <output htmlFor={fieldId("lookbackDays")}>{values.lookbackDays} days</output>
        </LabelRow>
        <Range
          id={fieldId("lookbackDays")}
          type="range"
          min={NUMBER_FIELDS.lookbackDays.min}
          max={NUMBER_FIELDS.lookbackDays.max}
          step={NUMBER_FIELDS.lookbackDays.step}
          value={values.lookbackDays}
          aria-valuetext={`${values.lookbackDays} days`}
          onChange={(event) => set("lookbackDays", event.target.value)}
        />
      </Field>

      <Pair>
        {numberField("newsWindowDays")}
        {numberField("maxEarnDays", "0 keeps every stock.")}
      </Pair>

      <Pair>
        {numberField("minBeta")}
        {numberField("maxBeta")}
      </Pair>

      <Field>
        <label htmlFor={fieldId("sectorKeyword")}>Sector keyword</label>
        <TextInput
          id={fieldId("sectorKeyword")}
          value={values.sectorKeyword}
          maxLength={SECTOR_KEYWORD_MAX_LENGTH}
          placeholder="e.g. Software"
          onChange={(event) => set("sectorKeyword", event.target.value)}
          onBlur={() => touch("sectorKeyword")}
          aria-invalid={errorOf("sectorKeyword") ? true : undefined}
          aria-describedby={fieldId("sectorKeyword-note")}
        />
        <Note id={fieldId("sectorKeyword-note")} error={errorOf("sectorKeyword")}>
          Optional; matches the GICS sector or sub-industry.
        </Note>
      </Field>

      <Group>
        <legend>News sources</legend>
        <Checks>
          {NEWS_SOURCES.map((source) => (
            <Check key={source.key}>
              <input
                type="checkbox"
                checked={values.newsSources[source.key]}
                onChange={(event) => set("newsSources", { ...values.newsSources, [source.key]: event.target.checked })}
              />
              {source.label}
            </Check>
          ))}
        </Checks>
      </Group>

      <Group>
        <legend>Signal filters</legend>
        <Check>
          <input type="checkbox" checked={values.requireMaCondition} onChange={(event) => set("requireMaCondition", event.target.checked)} />
          SMA 5 above SMA 20
        </Check>
        <Check>
          <input type="checkbox" checked={values.requireCrossover} onChange={(event) => set("requireCrossover", event.target.checked)} />
          SMA 5 crossed above SMA 20 in the lookback window
        </Check>
        <Pair>
          {numberField("minRsi", "Optional")}
          {numberField("maxRsi", "Optional")}
        </Pair>
        {numberField("minSentiment", "Optional, −1 to 1; stocks without news fail it.")}
      </Group>

      <Group>
        <legend>Fundamental filters</legend>
        <Pair>
          {numberField("minMarketCapBillions", "Optional; as known on the screen's day.")}
          {numberField("maxPeRatio", "Optional; losses and unknown P/E fail it.")}
        </Pair>
      </Group>

      {children}

      {problems.length > 0 ? (
        <FieldError role="alert">
          Check {problems.length === 1 ? "this field" : `these ${problems.length} fields`}: {problems.join(" ")}
        </FieldError>
      ) : null}
      <Button type="submit" $block $size="lg" disabled={running}>
        {running ? "Running..." : runLabel}
      </Button>
    </FormStack>
  );
}

interface NumberInputProps {
  id: string;
  field: NumberField;
  value: string;
  error: string | undefined;
  hint?: string;
  onValue: (value: string) => void;
  onBlur: () => void;
}

function NumberInput({ id, field, value, error, hint, onValue, onBlur }: NumberInputProps) {
  const spec = NUMBER_FIELDS[field];
  return (
    <Field>
      <label htmlFor={id}>{spec.label}</label>
      <TextInput
        id={id}
        name={field}
        type="number"
        inputMode="decimal"
        min={spec.min}
        max={"max" in spec ? spec.max : undefined}
        step={spec.step}
        value={value}
        onChange={(event) => onValue(event.target.value)}
        onBlur={onBlur}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-note` : undefined}
      />
      {error || hint ? (
        <Note id={`${id}-note`} error={error}>
          {hint}
        </Note>
      ) : null}
    </Field>
  );
}

/** A field's message: its error when there is one (announced), otherwise its hint (announced when `live`). */
function Note({ id, error, live, children }: { id: string; error: string | null | undefined; live?: boolean; children: ReactNode }) {
  if (error) {
    return (
      <FieldError id={id} role="alert">
        {error}
      </FieldError>
    );
  }
  return children ? (
    <FieldHint id={id} role={live ? "status" : undefined}>
      {children}
    </FieldHint>
  ) : null;
}

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  legend { padding: 0 4px; font-weight: 600; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;


const LabelRow = styled.div`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  output { font-weight: 650; font-variant-numeric: tabular-nums; }
`;

const Range = styled.input`
  width: 100%;
  min-height: 32px;
  accent-color: ${({ theme }) => theme.colors.primary};
`;

const FileInput = styled(TextInput)`
  padding: 8px;
  &::file-selector-button {
    margin-right: ${({ theme }) => theme.space.sm};
    padding: 6px 10px;
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
    font-weight: 600;
    cursor: pointer;
  }
`;

const MarketSummary = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.xs};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
