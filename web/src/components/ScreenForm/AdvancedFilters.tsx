import { useId, type ChangeEvent, type Dispatch, type SetStateAction } from "react";
import styled from "styled-components";
import type { ProNumberField } from "@shared/screen-rules";
import { Field, FieldError, FieldHint, TextInput } from "../FormControls/FormControls";
import { FUND_CHANGE_FILTERS, FUND_CHANGE_LABELS, GICS_SECTORS, PRO_FIELD_LABELS, type ProFormErrors, type ProFormValues } from "./proFormValues";
import { Check, Checks, Pair } from "./formLayout";

interface AdvancedFiltersProps {
  values: ProFormValues;
  onChange: Dispatch<SetStateAction<ProFormValues>>;
  /** The shared rules' messages, shown once the user ran or left a field. */
  errors: ProFormErrors;
  /** Show every error (after a run was tried). */
  showAll: boolean;
}

const GROUPS: { legend: string; hint: string; fields: ProNumberField[] }[] = [
  {
    legend: "AI model",
    hint: "AI score: the model's probability, in percent, that the stock beats the median 21-day return; rank 1 is the day's best. Returns and volatility in percent (−10 = a 10 % fall).",
    fields: ["minAiScore", "maxAiScore", "maxAiRank", "minReturn1m", "maxReturn1m", "minReturn3m", "maxReturn3m", "minReturn12m", "maxReturn12m", "minVolatility", "maxVolatility"],
  },
  {
    legend: "Next earnings report",
    hint: "Beat probability in percent, from the earnings predictor (about 80 S&P 100 companies); others are left out when set, and counted.",
    fields: ["minBeatProbability", "maxBeatProbability", "maxDaysToReport"],
  },
  {
    legend: "News and analysts",
    hint: "In the news window, from the chosen sources. Max sentiment pairs with min news sentiment above.",
    fields: ["maxSentiment", "minArticles", "minUpgrades", "maxDowngrades", "minNetUpgrades"],
  },
  {
    legend: "Fundamentals",
    hint: "From the last 10-K known on the screen's day (bundled 2012–2016 annual figures, each counted from 90 days after its year's end), valued at that day's close. Shares in percent. A stock whose figure is unknown then is left out when set, and counted.",
    fields: ["minEarningsYield", "maxPriceToBook", "maxPriceToSales", "minRevenueGrowth", "minNetMargin", "minReturnOnEquity", "maxDebtToEquity"],
  },
];

/**
 * The Pro Screener's "Advanced filters" fieldset: AI score and rank, returns, volatility, earnings,
 * tracked funds' 13F changes, GICS sectors, sentiment range, articles and analyst actions. Empty
 * fields filter nothing. Each message names its field, in the shared rules' words.
 */
export function AdvancedFilters({ values, onChange, errors, showAll }: AdvancedFiltersProps) {
  const id = useId();
  const set = <Key extends keyof ProFormValues>(key: Key, value: ProFormValues[Key]) => onChange((current) => ({ ...current, [key]: value }));
  const errorOf = (field: keyof ProFormErrors) => (showAll || (field !== "sectors" && field !== "fundChange" && field !== "minSentiment" && values[field] !== "") ? errors[field] : undefined);
  const toggleSector = (sector: (typeof GICS_SECTORS)[number], checked: boolean) =>
    set("sectors", checked ? [...values.sectors, sector] : values.sectors.filter((chosen) => chosen !== sector));

  return (
    <Group aria-label="Advanced filters">
      <legend>Advanced filters (Pro)</legend>
      {GROUPS.map((group) => (
        <SubGroup key={group.legend}>
          <legend>{group.legend}</legend>
          <FieldHint>{group.hint}</FieldHint>
          <Pair>
            {group.fields.map((field) => {
              const error = errorOf(field);
              const inputId = `${id}-${field}`;
              return (
                <Field key={field}>
                  <label htmlFor={inputId}>{PRO_FIELD_LABELS[field].label}</label>
                  <TextInput
                    id={inputId}
                    name={field}
                    type="number"
                    inputMode="decimal"
                    step={PRO_FIELD_LABELS[field].step}
                    value={values[field]}
                    placeholder="Any"
                    onChange={(event: ChangeEvent<HTMLInputElement>) => set(field, event.target.value)}
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${inputId}-error` : undefined}
                  />
                  {error ? (
                    <FieldError id={`${inputId}-error`} role="alert">
                      {error}
                    </FieldError>
                  ) : null}
                </Field>
              );
            })}
          </Pair>
        </SubGroup>
      ))}
      <SubGroup>
        <legend>Tracked funds (13F)</legend>
        <Field>
          <label htmlFor={`${id}-fundChange`}>Held by a tracked fund, latest change</label>
          <TextInput
            as="select"
            id={`${id}-fundChange`}
            value={values.fundChange}
            onChange={(event: ChangeEvent<HTMLSelectElement>) => set("fundChange", event.target.value as ProFormValues["fundChange"])}
          >
            <option value="">No fund filter</option>
            {FUND_CHANGE_FILTERS.map((change) => (
              <option key={change} value={change}>
                {FUND_CHANGE_LABELS[change]}
              </option>
            ))}
          </TextInput>
          <FieldHint>The latest quarter each fund had filed by the screen's day; before a first filing no stock passes, and the caveats say so.</FieldHint>
        </Field>
      </SubGroup>
      <SubGroup>
        <legend>GICS sectors</legend>
        <FieldHint>Known for S&amp;P 500 members only: other stocks are left out when a sector is chosen, and counted.</FieldHint>
        <Checks>
          {GICS_SECTORS.map((sector) => (
            <Check key={sector}>
              <input type="checkbox" checked={values.sectors.includes(sector)} onChange={(event) => toggleSector(sector, event.target.checked)} />
              {sector}
            </Check>
          ))}
        </Checks>
        {errorOf("sectors") ? <FieldError role="alert">{errorOf("sectors")}</FieldError> : null}
      </SubGroup>
    </Group>
  );
}

const Group = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  min-width: 0;
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  border: 1px solid ${({ theme }) => theme.colors.premium};
  border-radius: ${({ theme }) => theme.radii.md};
  legend { padding: 0 4px; font-weight: 600; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const SubGroup = styled.fieldset`
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
  min-width: 0;
  margin: 0;
  padding: 0;
  border: 0;
`;
