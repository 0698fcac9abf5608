import { useEffect, useRef, useState } from "react";
import styled from "styled-components";
import { MutedIcon, PauseIcon, PlayIcon, VolumeIcon } from "../Icons/Icons";

interface VideoPlayerProps {
  src: string;
  poster: string;
  /** Accessible description of the (decorative) footage. */
  label: string;
  className?: string;
}

/**
 * Autoplaying, muted, looping video with play/pause and mute controls that appear on hover
 * and whenever a control has keyboard focus. Honours prefers-reduced-motion (starts paused).
 */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export function VideoPlayer({ src, poster, label, className }: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [playing, setPlaying] = useState(() => !prefersReducedMotion());
  const [muted, setMuted] = useState(true);

  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    // React does not reflect the `muted` attribute reliably; set the property for autoplay policies.
    video.muted = true;
    if (prefersReducedMotion()) video.pause();
  }, []);

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (!playing) {
      void video.play()?.catch(() => setPlaying(false));
      setPlaying(true);
    } else {
      video.pause();
      setPlaying(false);
    }
  };

  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !video.muted;
    setMuted(video.muted);
  };

  return (
    <Frame className={className}>
      <Video
        ref={videoRef}
        src={src}
        poster={poster}
        autoPlay
        muted
        loop
        playsInline
        preload="metadata"
        aria-label={label}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
      />
      <Controls>
        <ControlButton type="button" onClick={togglePlay} aria-label={playing ? "Pause video" : "Play video"}>
          {playing ? <PauseIcon /> : <PlayIcon />}
        </ControlButton>
        <ControlButton type="button" onClick={toggleMute} aria-label={muted ? "Unmute video" : "Mute video"}>
          {muted ? <MutedIcon /> : <VolumeIcon />}
        </ControlButton>
      </Controls>
    </Frame>
  );
}

const Controls = styled.div`
  position: absolute;
  right: 12px;
  bottom: 12px;
  display: flex;
  gap: 8px;
  opacity: 0;
  transition: opacity 150ms ease;
`;

const Frame = styled.div`
  position: relative;
  overflow: hidden;
  border-radius: ${({ theme }) => theme.radii.lg};
  background: #0b1220;
  &:hover ${Controls}, &:focus-within ${Controls} { opacity: 1; }
  @media (hover: none) {
    ${Controls} { opacity: 1; }
  }
`;

const Video = styled.video`
  display: block;
  width: 100%;
  height: 100%;
  object-fit: cover;
  aspect-ratio: 16 / 9;
`;

const ControlButton = styled.button`
  display: grid;
  place-items: center;
  width: 38px;
  height: 38px;
  border: 1px solid rgba(255, 255, 255, 0.35);
  border-radius: 50%;
  background: rgba(11, 18, 32, 0.7);
  color: #fff;
  cursor: pointer;
  backdrop-filter: blur(4px);
  &:hover { background: rgba(11, 18, 32, 0.9); }
`;
