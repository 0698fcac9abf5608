import { useId } from "react";
import styled from "styled-components";

/** A labelled select of tickers (with company names when known). */
export function TickerSelect({
  label,
  tickers,
  value,
  onChange,
}: {
  label: string;
  tickers: readonly { ticker: string; name?: string | null }[];
  value: string;
  onChange: (ticker: string) => void;
}) {
  const id = useId();
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Select id={id} value={value} onChange={(event) => onChange(event.target.value)}>
        {tickers.map((option) => (
          <option key={option.ticker} value={option.ticker}>
            {option.name ? `${option.ticker} · ${option.name}` : option.ticker}
          </option>
        ))}
      </Select>
    </Field>
  );
}

const Field = styled.div`
  display: grid;
  gap: 6px;
  label { font-weight: 600; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Select = styled.select`
  min-width: 140px;
  max-width: 100%;
  min-height: 44px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
`;
