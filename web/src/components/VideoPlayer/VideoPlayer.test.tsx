import { fireEvent, screen } from "@testing-library/react";
import { renderWithProviders } from "../../../test/render";
import { VideoPlayer } from "./VideoPlayer";

test("autoplays muted and loops, with labelled play/pause and mute controls", () => {
  renderWithProviders(<VideoPlayer src="/media/hero.mp4" poster="/media/hero-poster.jpg" label="Market animation" />);
  const video = screen.getByLabelText("Market animation") as HTMLVideoElement;
  expect(video.autoplay).toBe(true);
  expect(video.loop).toBe(true);
  expect(video.muted).toBe(true);

  fireEvent.click(screen.getByRole("button", { name: "Pause video" }));
  expect(screen.getByRole("button", { name: "Play video" })).toBeTruthy();
  fireEvent.click(screen.getByRole("button", { name: "Unmute video" }));
  expect(video.muted).toBe(false);
  expect(screen.getByRole("button", { name: "Mute video" })).toBeTruthy();
});
