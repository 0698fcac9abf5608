import { fireEvent, screen } from "@testing-library/react";
import { renderApp } from "../../../test/render";

test("'Skip to content' is the first thing Tab reaches, and moves the focus to the page's main content", async () => {
  renderApp("/contact");
  const skip = await screen.findByRole("link", { name: "Skip to content" });
  const focusable = document.querySelectorAll<HTMLElement>("a[href], button, input, select, textarea, [tabindex]:not([tabindex='-1'])");
  expect(focusable[0]).toBe(skip);

  fireEvent.click(skip);
  expect(document.activeElement).toBe(screen.getByRole("main"));
});
