import styled from "styled-components";
import { CrownIcon } from "../Icons/Icons";

/** The spec's small premium icon beside a Pro page's name (shown to visitors and Basic users). */
export function ProMark() {
  return (
    <Mark role="img" aria-label="Pro feature" title="Pro feature">
      <CrownIcon size={12} />
    </Mark>
  );
}

const Mark = styled.span`
  display: inline-flex;
  color: ${({ theme }) => theme.colors.premium};
`;
