import { fireEvent, screen } from "@testing-library/react";
import { renderWithProviders } from "../../../test/render";
import { ThemeToggle } from "./ThemeToggle";

beforeEach(() => {
  window.localStorage.clear();
  delete document.documentElement.dataset.theme;
});

test("defaults to the light theme", () => {
  renderWithProviders(<ThemeToggle />);
  expect(screen.getByRole("button", { name: "Light theme" }).getAttribute("aria-pressed")).toBe("true");
  expect(document.documentElement.dataset.theme).toBe("light");
});

test("stores the choice under tickerscope.theme and applies it via data-theme", () => {
  renderWithProviders(<ThemeToggle />);
  fireEvent.click(screen.getByRole("button", { name: "Dark theme" }));
  expect(window.localStorage.getItem("tickerscope.theme")).toBe("dark");
  expect(document.documentElement.dataset.theme).toBe("dark");
  expect(screen.getByRole("button", { name: "Dark theme" }).getAttribute("aria-pressed")).toBe("true");
});

test("restores a stored choice, and 'system' follows prefers-color-scheme", () => {
  const original = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...original(query), matches: query === "(prefers-color-scheme: dark)" })) as typeof window.matchMedia;
  try {
    window.localStorage.setItem("tickerscope.theme", "system");
    renderWithProviders(<ThemeToggle />);
    expect(screen.getByRole("button", { name: "System theme" }).getAttribute("aria-pressed")).toBe("true");
    expect(document.documentElement.dataset.theme).toBe("dark");
    fireEvent.click(screen.getByRole("button", { name: "Light theme" }));
    expect(window.localStorage.getItem("tickerscope.theme")).toBe("light");
    expect(document.documentElement.dataset.theme).toBe("light");
  } finally {
    window.matchMedia = original;
  }
});
