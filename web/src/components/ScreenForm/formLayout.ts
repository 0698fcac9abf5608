import styled from "styled-components";

// The screen forms' field layout: number pairs side by side and rows of checkboxes.

export const Pair = styled.div`
  display: grid;
  grid-template-columns: repeat(auto-fit, minmax(120px, 1fr));
  gap: ${({ theme }) => theme.space.sm};
  align-items: start;
`;

export const Checks = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: 4px ${({ theme }) => theme.space.md};
`;

export const Check = styled.label`
  display: inline-flex;
  align-items: center;
  gap: 8px;
  min-height: 32px;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  input { width: 18px; height: 18px; margin: 0; accent-color: ${({ theme }) => theme.colors.primary}; }
`;
