import { fireEvent, screen } from "@testing-library/react";
import { renderWithProviders } from "../../../test/render";
import { Header, navigation } from "./Header";

test("shows the logo image, and a fallback when the image fails to load", () => {
  renderWithProviders(<Header />);
  const logo = screen.getByRole("img", { name: "Tickerscope logo" });
  expect(logo.tagName).toBe("IMG");
  fireEvent.error(logo);
  const fallback = screen.getByRole("img", { name: "Tickerscope logo" });
  expect(fallback.tagName).not.toBe("IMG");
  expect(fallback.textContent).toBe("TS");
  expect(document.querySelector('img[src="/logo.svg"]')).toBeNull();
});

test("Pricing goes to /pricing and Sign In navigates to /api/login", () => {
  const assign = jest.spyOn(navigation, "assign").mockImplementation(() => {});
  renderWithProviders(<Header />);
  expect(screen.getByRole("link", { name: "Pricing" }).getAttribute("href")).toBe("/pricing");
  fireEvent.click(screen.getByRole("button", { name: "Sign In" }));
  expect(assign).toHaveBeenCalledWith("/api/login");
});
