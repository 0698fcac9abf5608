import styled, { keyframes } from "styled-components";

const shimmer = keyframes`50% { opacity: 0.55; }`;

/** A grey bar standing in for a value that is not there (loading, or a preview that must not invent numbers). */
export const SkeletonBar = styled.span<{ $width?: string; $height?: string }>`
  display: block;
  width: ${({ $width = "100%" }) => $width};
  height: ${({ $height = "0.9em" }) => $height};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  animation: ${shimmer} 1.6s ease-in-out infinite;
`;

/** An empty, input-shaped box for a form preview. */
export const SkeletonControl = styled.span`
  display: flex;
  align-items: center;
  min-height: 40px;
  padding: 0 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;
