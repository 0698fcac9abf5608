import { fireEvent, render, screen } from "@testing-library/react";
import { createMockEnvironment } from "relay-test-utils";
import { Providers } from "../../Providers";
import { useToast } from "./useToast";

// Layout itself is checked in Chromium at 1440 px and 390 px; jsdom can check the rules that keep a
// toast from blocking the page and from running off a narrow screen.
function Notify({ description }: { description: string }) {
  const { toast } = useToast();
  return (
    <button type="button" onClick={() => toast({ title: "Screening Complete", description })}>
      Run
    </button>
  );
}

function renderToaster(description = "Stock screening with sentiment analysis completed successfully.") {
  render(
    <Providers environment={createMockEnvironment()}>
      <Notify description={description} />
    </Providers>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Run" }));
}

const style = (element: Element) => window.getComputedStyle(element);

test("the empty area around a toast lets clicks through to the page; the toast and its close button take them", async () => {
  renderToaster();
  const viewport = await screen.findByRole("region", { name: /Notifications/ });
  const list = viewport.querySelector("ol")!;
  expect(style(list).pointerEvents).toBe("none");
  const toast = (await screen.findByText("Screening Complete")).closest("li")!;
  expect(style(toast).pointerEvents).toBe("auto");
  expect(screen.getByRole("button", { name: "Close notification" })).toBeTruthy();
});

// (jsdom's CSS parser drops env(), so the safe-area insets are checked in Chromium only.)
test("stays fixed on screen, and long text wraps instead of widening it past a phone's screen", async () => {
  renderToaster(`Failed to run screening: ${"x".repeat(300)}`);
  const list = (await screen.findByRole("region", { name: /Notifications/ })).querySelector("ol")!;
  expect(style(list).position).toBe("fixed");
  const text = (await screen.findByText(/^Failed to run screening/)).parentElement!;
  expect(style(text).minWidth).toBe("0");
  expect(style(text).overflowWrap).toBe("anywhere");
});
