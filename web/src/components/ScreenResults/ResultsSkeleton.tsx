import { SkeletonBar } from "../Skeleton/Skeleton";
import { VisuallyHidden } from "../ui/Layout";
import { ResultsSection, ResultsTable, ResultsTableScroll } from "./resultsStyles";

/**
 * Five skeleton rows under a results table's headers: while its run is pending (`status` says what
 * runs, announced), or, without a status, as the empty shape of a table nothing fills (a locked preview).
 */
export function ResultsSkeleton({ label, status, headers }: { label: string; status?: string; headers: readonly string[] }) {
  return (
    <ResultsSection aria-busy={status ? "true" : undefined} aria-label={label}>
      {status ? <VisuallyHidden role="status">{status}</VisuallyHidden> : null}
      <ResultsTableScroll>
        <ResultsTable $minWidth={760} $cellPadding={10}>
          <thead>
            <tr>
              {headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: 5 }, (_, index) => (
              <tr key={index} data-testid="skeleton-row">
                {headers.map((header, column) => (
                  <td key={header}>
                    <SkeletonBar $width={column === 0 ? "70%" : "55%"} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </ResultsTable>
      </ResultsTableScroll>
    </ResultsSection>
  );
}
