import styled from "styled-components";

/** "$30 /month": the amount large, the period muted (also on /subscribe). */
export const Price = styled.p`
  display: flex;
  align-items: baseline;
  gap: 4px;
  strong { font-size: ${({ theme }) => theme.fontSizes.display}; font-weight: 800; letter-spacing: -0.03em; }
  span { color: ${({ theme }) => theme.colors.textMuted}; }
`;

/** A plan's feature list, each item led by a green check icon (also on /subscribe). */
export const Features = styled.ul`
  display: grid;
  gap: 10px;
  margin: 0;
  padding: 0;
  list-style: none;
  li { display: flex; gap: 10px; align-items: flex-start; }
  svg { flex: none; margin-top: 4px; color: ${({ theme }) => theme.colors.success}; }
`;
