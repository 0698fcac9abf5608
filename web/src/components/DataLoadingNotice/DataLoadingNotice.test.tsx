import { act, screen } from "@testing-library/react";
import { dataLoading } from "../../relay/data-loading";
import { renderWithProviders } from "../../../test/render";
import { DataLoadingNotice } from "./DataLoadingNotice";

test("says how much of the bundled data is in while it loads, and goes away once it is", () => {
  renderWithProviders(<DataLoadingNotice />);
  expect(screen.queryByRole("status")).toBeNull();
  act(() => dataLoading.loading(42));
  expect(screen.getByRole("status").textContent).toContain("Loading the bundled data (42 %)");
  expect(screen.getByRole("progressbar", { name: "Bundled data loaded" }).getAttribute("value")).toBe("42");
  act(() => dataLoading.loaded());
  expect(screen.queryByRole("status")).toBeNull();
});
