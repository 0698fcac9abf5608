import styled, { css } from "styled-components";

/** A label, its control and any message under it. */
export const Field = styled.div`
  display: grid;
  /* One column no wider than the form: a wide control (a file input's ~300 px) wraps instead of widening it. */
  grid-template-columns: minmax(0, 1fr);
  gap: 6px;
  min-width: 0;
  label { font-weight: 600; font-size: ${({ theme }) => theme.fontSizes.sm}; }
`;

const control = css`
  width: 100%;
  min-height: 44px;
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  &[aria-invalid="true"] { border-color: ${({ theme }) => theme.colors.danger}; }
  &:focus-visible { outline-offset: 0; }
  &:disabled { opacity: 0.7; }
`;

export const TextInput = styled.input`${control}`;

export const FieldError = styled.p`
  color: ${({ theme }) => theme.colors.danger};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const FieldHint = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

export const FormStack = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
`;
