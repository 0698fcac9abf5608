import { lazy, Suspense, useMemo, useState } from "react";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { formatShare, formatSigned } from "../AiPicks/format";
import { Note, TableFrame } from "../AiPicks/styles";
import type { LineChartSeries } from "../LineChart/LineChart";
import { PageLoading } from "../PageStatus/PageStatus";
import { VisuallyHidden } from "../ui/Layout";
import { formatEps, formatReportDate } from "./format";
import type { EarningsHistory_earnings$data, EarningsHistory_earnings$key } from "./__generated__/EarningsHistory_earnings.graphql";
import { SortableHeader } from "../ui/SortableHeader";

const LineChart = lazy(() => import("../LineChart/LineChart"));

type Report = EarningsHistory_earnings$data["history"][number];
type SortKey = "date" | "beatProbability" | "surprise";
type Sort = { key: SortKey; direction: "ascending" | "descending" };

const COLUMNS: { key: SortKey | null; label: string }[] = [
  { key: "date", label: "Report" },
  { key: "beatProbability", label: "Predicted beat probability" },
  { key: null, label: "Base rate then" },
  { key: null, label: "Consensus EPS" },
  { key: null, label: "Actual EPS" },
  { key: "surprise", label: "Surprise" },
  { key: null, label: "Outcome" },
];

function sortReports(reports: readonly Report[], sort: Sort): Report[] {
  const value = (report: Report) => (sort.key === "date" ? report.date : (report[sort.key] ?? Number.NEGATIVE_INFINITY));
  const sign = sort.direction === "ascending" ? 1 : -1;
  return [...reports].sort((a, b) => (value(a) < value(b) ? -sign : value(a) > value(b) ? sign : 0));
}

/**
 * The past record: each reported quarter with the probability the model gave before it and what
 * happened (sortable table), and the EPS surprise over time (chart).
 */
export function EarningsHistory({ earnings }: { earnings: EarningsHistory_earnings$key }) {
  const data = useFragment(
    graphql`
      fragment EarningsHistory_earnings on StockEarnings {
        history {
          date
          time
          beatProbability
          baseRate
          consensusEps
          actualEps
          surprise
          beat
        }
      }
    `,
    earnings,
  );
  const [sort, setSort] = useState<Sort>({ key: "date", direction: "descending" });
  const rows = useMemo(() => sortReports(data.history, sort), [data.history, sort]);
  const series = useMemo<LineChartSeries[]>(
    () => [
      {
        title: "EPS surprise %",
        tone: "primary",
        points: [...data.history]
          .filter((report) => report.surprise != null)
          .sort((a, b) => a.date.localeCompare(b.date))
          .map((report) => ({ time: report.date, value: report.surprise! })),
      },
    ],
    [data.history],
  );
  if (data.history.length === 0) return <Note>No reported quarters yet.</Note>;
  const sortColumn = COLUMNS.find((column) => column.key === sort.key);
  return (
    <>
      <Suspense fallback={<PageLoading label="Loading the chart…" />}>
        <LineChart series={series} label="EPS surprise of each reported quarter, in percent of the consensus" />
      </Suspense>
      <TableFrame>
        <table>
          <caption>Past quarters: the probability the model gave before each report, and the outcome</caption>
          <thead>
            <tr>
              {COLUMNS.map((column) => {
                const sorted = column.key !== null && sort.key === column.key;
                return (
                  column.key === null ? (
                    <th key={column.label} scope="col">
                      {column.label}
                    </th>
                  ) : (
                    <SortableHeader
                      key={column.label}
                      label={column.label}
                      direction={sorted ? sort.direction : null}
                      onSort={() => setSort({ key: column.key!, direction: sorted && sort.direction === "descending" ? "ascending" : "descending" })}
                    />
                  )
                );
              })}
            </tr>
          </thead>
          <tbody>
            {rows.map((report) => (
              <tr key={report.date}>
                <td>{formatReportDate(report.date, report.time)}</td>
                <td data-align="end">{formatShare(report.beatProbability)}</td>
                <td data-align="end">{formatShare(report.baseRate)}</td>
                <td data-align="end">{formatEps(report.consensusEps)}</td>
                <td data-align="end">{formatEps(report.actualEps)}</td>
                <td data-align="end">{report.surprise == null ? "—" : `${formatSigned(report.surprise, 1)} %`}</td>
                <Outcome $beat={report.beat}>{report.beat == null ? "—" : report.beat ? "Beat" : "Missed or matched"}</Outcome>
              </tr>
            ))}
          </tbody>
        </table>
      </TableFrame>
      <VisuallyHidden role="status">{sortColumn ? `Sorted by ${sortColumn.label}, ${sort.direction}.` : ""}</VisuallyHidden>
    </>
  );
}


const Outcome = styled.td<{ $beat: boolean | null | undefined }>`
  font-weight: 600;
  color: ${({ theme, $beat }) => ($beat == null ? theme.colors.textMuted : $beat ? theme.colors.success : theme.colors.danger)};
`;
