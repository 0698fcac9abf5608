import { useId } from "react";
import styled from "styled-components";
import { SegmentedTrack } from "../../components/ui/Layout";
import { NEWS_TICKERS, TIMEFRAMES, type NewsSelection } from "./newsParams";

interface NewsPickersProps {
  selection: NewsSelection;
  onChange: (next: NewsSelection) => void;
  pending: boolean;
}

/** The stock picker (a select) and the timeframe (a radio group shown as a segmented control). */
export function NewsPickers({ selection, onChange, pending }: NewsPickersProps) {
  const id = useId();
  return (
    <Bar aria-busy={pending}>
      <Field>
        <label htmlFor={`${id}-ticker`}>Stock</label>
        <Select
          id={`${id}-ticker`}
          value={selection.ticker}
          onChange={(event) => {
            const ticker = NEWS_TICKERS.find((candidate) => candidate === event.target.value);
            if (ticker) onChange({ ...selection, ticker });
          }}
        >
          {NEWS_TICKERS.map((ticker) => (
            <option key={ticker} value={ticker}>
              {ticker}
            </option>
          ))}
        </Select>
      </Field>
      <Timeframes>
        <legend>Timeframe</legend>
        <SegmentedTrack>
          {TIMEFRAMES.map((timeframe) => (
            <Segment key={timeframe.param}>
              <input
                type="radio"
                name={`${id}-timeframe`}
                value={timeframe.param}
                checked={selection.timeframe.param === timeframe.param}
                onChange={() => onChange({ ...selection, timeframe })}
              />
              <span>
                {timeframe.label} <small>({timeframe.param})</small>
              </span>
            </Segment>
          ))}
        </SegmentedTrack>
      </Timeframes>
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-end;
  gap: ${({ theme }) => theme.space.md};
`;

const Field = styled.div`
  display: grid;
  gap: 6px;
  label { font-weight: 600; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Select = styled.select`
  min-width: 140px;
  min-height: 44px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
`;

const Timeframes = styled.fieldset`
  display: grid;
  gap: 6px;
  margin: 0;
  padding: 0;
  border: 0;
  min-width: 0;
  max-width: 100%;
  legend { padding: 0; margin-bottom: 6px; font-weight: 600; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const Segment = styled.label`
  position: relative;
  display: grid;
  place-items: center;
  min-height: 36px;
  padding: 4px 12px;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  text-align: center;
  cursor: pointer;
  input { position: absolute; opacity: 0; inset: 0; margin: 0; cursor: pointer; }
  small { font-weight: 500; }
  &:hover { color: ${({ theme }) => theme.colors.text}; }
  &:has(input:checked) {
    background: ${({ theme }) => theme.colors.surface};
    color: ${({ theme }) => theme.colors.text};
    box-shadow: ${({ theme }) => theme.colors.shadow};
  }
  &:has(input:focus-visible) { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  @media (max-width: ${({ theme }) => theme.breakpoints.sm}) {
    padding: 4px 6px;
    small { display: none; }
  }
`;
