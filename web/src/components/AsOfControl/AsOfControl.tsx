import { isCalendarDay } from "@shared/as-of";
import { useId, type ChangeEvent } from "react";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { formatMarketDate } from "../ScreenResults/format";
import { Container } from "../ui/Layout";
import { CoverageStrip } from "./CoverageStrip";
import { useAsOf } from "./useAsOf";
import type { AsOfControl_coverage$key } from "./__generated__/AsOfControl_coverage.graphql";

/**
 * The app shell's as-of date (issue 12): a date input bounded by the stored prices, why the
 * default day is the default, a shortcut to the latest price day, and the news density strip.
 * Changing it rewrites ?asOf=, which every as-of page reads.
 */
export function AsOfControl() {
  const { asOf, source, problem, coverage, coverageRef, setAsOf } = useAsOf();
  const data = useFragment(
    graphql`
      fragment AsOfControl_coverage on DataCoverage {
        defaultAsOfReason
        days {
          date
          tickersWithPrices
          tickersWithNews
          sp500Members
          sp500MembersWithPrices
        }
        sp500Months {
          date
          missing
        }
      }
    `,
    coverageRef as AsOfControl_coverage$key | null,
  );
  const id = useId();
  const { firstPriceDate, latestPriceDate, defaultAsOf } = coverage;

  const onDate = (event: ChangeEvent<HTMLInputElement>) => {
    const value = event.target.value;
    // Cleared: back to the default day; a partly typed date waits until it is whole.
    if (value === "") setAsOf(null);
    else if (isCalendarDay(value)) setAsOf(value);
  };

  return (
    <Bar aria-label="As-of date">
      <Inner>
        <Field>
          <label htmlFor={`${id}-date`}>As of</label>
          <DateInput
            id={`${id}-date`}
            type="date"
            value={asOf ?? latestPriceDate ?? ""}
            min={firstPriceDate ?? undefined}
            max={latestPriceDate ?? undefined}
            onChange={onDate}
            aria-describedby={`${id}-note`}
          />
        </Field>
        <Notes id={`${id}-note`}>
          {source === "default" ? (
            <Note title={data?.defaultAsOfReason}>
              Default day. <span>{data?.defaultAsOfReason}</span>
            </Note>
          ) : source === "latest" ? (
            <Note>Latest data.</Note>
          ) : null}
          <MembershipNote days={data?.days ?? []} months={data?.sp500Months ?? []} day={asOf ?? defaultAsOf ?? latestPriceDate} />
          <Links>
            {latestPriceDate && asOf !== null && asOf !== latestPriceDate ? (
              <LinkButton type="button" onClick={() => setAsOf(latestPriceDate)}>
                Latest prices: {formatMarketDate(latestPriceDate)}
              </LinkButton>
            ) : null}
            {source === "url" ? (
              <LinkButton type="button" onClick={() => setAsOf(null)}>
                {defaultAsOf ? `Back to the default day (${formatMarketDate(defaultAsOf)})` : "Back to the latest data"}
              </LinkButton>
            ) : null}
          </Links>
        </Notes>
        <Strip>
          <CoverageStrip days={data?.days ?? []} selected={asOf} onPick={setAsOf} />
          <Legend aria-hidden="true">
            <span>
              <Swatch $tone="news" /> tickers with news (busiest day of each week)
            </span>
            <span>
              <Swatch $tone="prices" /> prices
            </span>
          </Legend>
        </Strip>
      </Inner>
      {problem ? (
        <Container>
          <Problem role="alert">
            {problem} Showing {asOf ? formatMarketDate(asOf) : "the latest data"} instead.
          </Problem>
        </Container>
      ) : null}
    </Bar>
  );
}

type MembershipDay = { date: string; sp500Members: number; sp500MembersWithPrices: number };

/**
 * The S&P 500 of the view's day as the point-in-time membership has it: how many members, how
 * many with prices, and (in the title) which were missing at the start of that month.
 */
function MembershipNote({ days, months, day }: { days: readonly MembershipDay[]; months: readonly { date: string; missing: readonly string[] }[]; day: string | null }) {
  if (!day) return null;
  const entry = days.findLast((candidate) => candidate.date <= day && candidate.sp500Members > 0);
  if (!entry) return null;
  const month = months.findLast((candidate) => candidate.date <= day);
  const missing = month && month.missing.length > 0 ? `Members without prices on ${formatMarketDate(month.date)}: ${month.missing.join(", ")}.` : undefined;
  return (
    <Note title={missing}>
      S&amp;P 500 on {formatMarketDate(entry.date)}: {entry.sp500Members} members, {entry.sp500MembersWithPrices} with prices.
    </Note>
  );
}

/** Holds the bar's height while the coverage loads, so the page does not jump. */
export function AsOfControlPlaceholder() {
  return <Bar aria-busy="true" aria-label="As-of date" style={{ minHeight: 64 }} />;
}

const Bar = styled.section`
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const Inner = styled(Container)`
  display: grid;
  gap: ${({ theme }) => theme.space.xs} ${({ theme }) => theme.space.md};
  padding-block: ${({ theme }) => theme.space.sm};
  align-items: center;
  @media (min-width: ${({ theme }) => theme.breakpoints.lg}) {
    grid-template-columns: auto minmax(0, 1fr) minmax(260px, 2fr);
  }
`;

const Field = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  label { font-weight: 650; }
`;

const DateInput = styled.input`
  min-height: 36px;
  padding: 4px 8px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
`;

const Notes = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
`;

const Note = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  span { display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
`;

const Links = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${({ theme }) => theme.space.md};
`;

const LinkButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 600;
  text-decoration: underline;
  cursor: pointer;
`;

const Strip = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
`;

const Legend = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 0 ${({ theme }) => theme.space.md};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;

const Swatch = styled.span<{ $tone: "news" | "prices" }>`
  display: inline-block;
  width: 10px;
  height: ${({ $tone }) => ($tone === "news" ? "10px" : "3px")};
  vertical-align: middle;
  background: ${({ theme, $tone }) => ($tone === "news" ? theme.colors.textMuted : theme.colors.accent)};
`;

const Problem = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.sm};
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  border-left: 4px solid ${({ theme }) => theme.colors.danger};
  background: ${({ theme }) => `color-mix(in srgb, ${theme.colors.danger} 8%, ${theme.colors.surface})`};
  color: ${({ theme }) => theme.colors.text};
`;
