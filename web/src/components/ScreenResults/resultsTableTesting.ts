// Helpers for tests of the results tables (SortableResultsTable): the virtualiser's viewport,
// reading rows and cells by column name, sorting from a header, and capturing an Export CSV.
import { fireEvent, within } from "@testing-library/react";
import { ROW_HEIGHT } from "./SortableResultsTable";

/** The scroll area's height the virtualiser sees: jsdom leaves it at 0, which renders no row. */
export const VIEWPORT_HEIGHT = 480;
export { ROW_HEIGHT };

/** Call in beforeEach (with jest.restoreAllMocks in afterEach): rows of a 480 px window render. */
export function mockTableViewport(): void {
  jest.spyOn(HTMLElement.prototype, "clientHeight", "get").mockReturnValue(VIEWPORT_HEIGHT);
}

export const resultsTable = (container: HTMLElement = document.body) => within(container).getByRole("table");
export const bodyRows = (container?: HTMLElement) => within(resultsTable(container)).getAllByRole("row").slice(1);
/** The tickers of the rendered rows, top to bottom. */
export const tickers = (container?: HTMLElement) =>
  bodyRows(container)
    .filter((tr) => tr.getAttribute("aria-hidden") !== "true")
    .map((tr) => within(tr).getByRole("link").textContent);
/** A column header by the start of its accessible name (the column's full label). */
export const columnHeader = (name: string, container?: HTMLElement) =>
  within(resultsTable(container)).getByRole("columnheader", { name: new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
/** The cell of `ticker`'s row under the column named `column`. */
export function cellOf(ticker: string, column: string, container?: HTMLElement): HTMLElement {
  const headers = within(resultsTable(container)).getAllByRole("columnheader");
  const tr = bodyRows(container).find((candidate) => within(candidate).queryByRole("link")?.textContent === ticker);
  if (!tr) throw new Error(`No row for ${ticker}`);
  return tr.children[headers.indexOf(columnHeader(column, container))] as HTMLElement;
}
/** Sorts by a column as a user does: its header's button, which fills the header cell. */
export function clickHeader(name: string, container?: HTMLElement): void {
  fireEvent.click(within(columnHeader(name, container)).getByRole("button"));
}

/** Captures the files Export CSV hands to the browser; `read()` gives the name and text of each. */
export function captureDownloads(): { read: () => Promise<{ fileName: string; text: string }[]> } {
  const files: { fileName: string; blob: Blob }[] = [];
  let lastBlob: Blob | null = null;
  Object.assign(URL, { createObjectURL: (blob: Blob) => ((lastBlob = blob), "blob:results"), revokeObjectURL: () => {} });
  jest.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    if (lastBlob) files.push({ fileName: this.download, blob: lastBlob });
  });
  return { read: () => Promise.all(files.map(async ({ fileName, blob }) => ({ fileName, text: await readText(blob) }))) };
}

/** jsdom's Blob has no text(); FileReader reads it. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}
