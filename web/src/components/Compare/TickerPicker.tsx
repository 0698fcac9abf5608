import { useEffect, useId, useState, type FormEvent } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import styled from "styled-components";
import type { TickerPickerSuggestionsQuery, TickerPickerSuggestionsQuery$data } from "./__generated__/TickerPickerSuggestionsQuery.graphql";

type Suggestion = TickerPickerSuggestionsQuery$data["stockSuggestions"][number];

const SuggestionsQuery = graphql`
  query TickerPickerSuggestionsQuery($query: String!) {
    stockSuggestions(query: $query, first: 8) {
      ticker
      name
      universe
    }
  }
`;

/**
 * The compared tickers as removable chips, and a type-ahead over the universe lists (S&P 500, the
 * broad list, all US-listed) to add one, up to `max`; at least `min` stay.
 */
export function TickerPicker({ tickers, min, max, onChange }: { tickers: string[]; min: number; max: number; onChange: (tickers: string[]) => void }) {
  const environment = useRelayEnvironment();
  const id = useId();
  const [text, setText] = useState("");
  // The answer for the text it was asked for: shown only while that is still the text.
  const [found, setFound] = useState<{ query: string; items: readonly Suggestion[] }>({ query: "", items: [] });
  const full = tickers.length >= max;
  const suggestions = found.query !== "" && found.query === text.trim() ? found.items.filter((suggestion) => !tickers.includes(suggestion.ticker)) : [];

  useEffect(() => {
    const query = text.trim();
    if (query === "") return;
    let live = true;
    const timer = setTimeout(() => {
      fetchQuery<TickerPickerSuggestionsQuery>(environment, SuggestionsQuery, { query }, { fetchPolicy: "store-or-network" }).subscribe({
        next: (data) => {
          if (live) setFound({ query, items: data.stockSuggestions });
        },
        error: () => {
          if (live) setFound({ query, items: [] });
        },
      });
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [environment, text]);

  const add = (ticker: string) => {
    setText("");
    if (!full && !tickers.includes(ticker)) onChange([...tickers, ticker]);
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const typed = text.trim().toUpperCase();
    const match = suggestions.find((suggestion) => suggestion.ticker === typed) ?? suggestions[0];
    if (match) add(match.ticker);
  };

  return (
    <Picker onSubmit={submit} aria-label="Compared stocks">
      <Chips>
        {tickers.map((ticker) => (
          <Chip key={ticker}>
            {ticker}
            <RemoveButton type="button" onClick={() => onChange(tickers.filter((other) => other !== ticker))} disabled={tickers.length <= min} aria-label={`Remove ${ticker}`}>
              ×
            </RemoveButton>
          </Chip>
        ))}
      </Chips>
      <Field>
        <label htmlFor={`${id}-input`}>Add a stock</label>
        <Input
          id={`${id}-input`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          placeholder={full ? `At most ${max} stocks` : "Ticker or company name"}
          disabled={full}
          autoComplete="off"
          role="combobox"
          aria-expanded={suggestions.length > 0}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
        />
        {suggestions.length > 0 ? (
          <List id={`${id}-list`} role="listbox" aria-label="Suggestions">
            {suggestions.map((suggestion) => (
              <li key={suggestion.ticker} role="option" aria-selected={false}>
                <SuggestionButton type="button" onClick={() => add(suggestion.ticker)}>
                  <strong>{suggestion.ticker}</strong> {suggestion.name} <small>{suggestion.universe}</small>
                </SuggestionButton>
              </li>
            ))}
          </List>
        ) : null}
      </Field>
      <Hint>
        {min}–{max} stocks; the link of this page shares them.
      </Hint>
    </Picker>
  );
}

const Picker = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
`;

const Chips = styled.ul`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  list-style: none;
  padding: 0;
  margin: 0;
`;

const Chip = styled.li`
  display: inline-flex;
  align-items: center;
  gap: 4px;
  padding: 4px 4px 4px 12px;
  border-radius: 999px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  font-weight: 700;
`;

const RemoveButton = styled.button`
  min-width: 32px;
  min-height: 32px;
  border: none;
  border-radius: 999px;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  &:disabled { opacity: 0.4; cursor: not-allowed; }
`;

const Field = styled.div`
  position: relative;
  display: grid;
  gap: 6px;
  max-width: 420px;
  label { font-weight: 600; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Input = styled.input`
  min-height: 44px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
`;

const List = styled.ul`
  position: absolute;
  top: 100%;
  left: 0;
  right: 0;
  z-index: 5;
  margin: 4px 0 0;
  padding: 4px 0;
  list-style: none;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
`;

const SuggestionButton = styled.button`
  width: 100%;
  min-height: 40px;
  padding: 6px 12px;
  text-align: left;
  border: none;
  background: transparent;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;
  small { color: ${({ theme }) => theme.colors.textMuted}; }
  &:hover, &:focus { background: ${({ theme }) => theme.colors.surfaceMuted}; }
`;

const Hint = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
