import { createGlobalStyle } from "styled-components";

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  /* Native controls (select menus, scrollbars) drawn in the theme's scheme, not the browser's. */
  :root { color-scheme: ${({ theme }) => theme.mode}; }
  html { -webkit-text-size-adjust: 100%; }
  body {
    margin: 0;
    min-width: 320px;
    background: ${({ theme }) => theme.colors.bg};
    color: ${({ theme }) => theme.colors.text};
    font-family: ${({ theme }) => theme.fonts.body};
    font-size: ${({ theme }) => theme.fontSizes.md};
    line-height: 1.55;
    -webkit-font-smoothing: antialiased;
    overflow-x: hidden;
  }
  h1, h2, h3, h4 { line-height: 1.2; margin: 0; letter-spacing: -0.01em; }
  p { margin: 0; }
  a { color: ${({ theme }) => theme.colors.primary}; }
  img, video, svg { max-width: 100%; }
  button, input, select, textarea { font: inherit; color: inherit; }
  select { background-color: ${({ theme }) => theme.colors.surface}; }
  :focus-visible {
    outline: 3px solid ${({ theme }) => theme.colors.focus};
    outline-offset: 2px;
    border-radius: 4px;
  }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { transition: none !important; animation: none !important; }
  }
`;
