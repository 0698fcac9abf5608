import type { ReactNode } from "react";
import styled from "styled-components";

export type SortDirection = "ascending" | "descending";

/**
 * A sortable column's header cell: a button that looks like the header text, an arrow on the sorted
 * column, and aria-sort for screen readers ("none" on the others).
 */
export function SortableHeader({ label, direction, onSort, align }: { label: ReactNode; direction: SortDirection | null; onSort: () => void; align?: string }) {
  return (
    <th scope="col" aria-sort={direction ?? "none"} data-align={align}>
      <SortButton type="button" onClick={onSort}>
        {label}
        {direction ? <span aria-hidden="true">{direction === "ascending" ? " ▲" : " ▼"}</span> : null}
      </SortButton>
    </th>
  );
}

const SortButton = styled.button`
  padding: 0;
  border: 0;
  background: none;
  color: inherit;
  font: inherit;
  letter-spacing: inherit;
  text-transform: inherit;
  cursor: pointer;
  &:hover { color: ${({ theme }) => theme.colors.text}; }
`;
