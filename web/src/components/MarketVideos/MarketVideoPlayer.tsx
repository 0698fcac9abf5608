import { useEffect, useState, useSyncExternalStore } from "react";
import { graphql, useFragment } from "react-relay";
import styled from "styled-components";
import { Card } from "../ui/Layout";
import type { MarketVideoPlayer_video$key } from "./__generated__/MarketVideoPlayer_video.graphql";

/** How long the embedded player gets to load before the placeholder replaces it. */
export const PLAYER_LOAD_TIMEOUT_MS = 10_000;

function subscribeOnline(onChange: () => void) {
  window.addEventListener("online", onChange);
  window.addEventListener("offline", onChange);
  return () => {
    window.removeEventListener("online", onChange);
    window.removeEventListener("offline", onChange);
  };
}

const isOnline = () => (typeof navigator === "undefined" || typeof navigator.onLine !== "boolean" ? true : navigator.onLine);

type PlayerStatus = "checking" | "loading" | "loaded" | "timeout" | "unreachable";

/**
 * The chosen video in YouTube's privacy-enhanced player (youtube-nocookie.com, the only frame the
 * CSP allows), with a link to the video on youtube.com always beside it. Offline, when YouTube cannot
 * be reached, or when the player has not loaded within PLAYER_LOAD_TIMEOUT_MS, a placeholder with the
 * title and the link replaces it. Reachability is probed with the video's thumbnail first: a frame
 * that fails to load still fires `load` (on the browser's error page), so the frame alone cannot tell.
 */
export function MarketVideoPlayer({ video }: { video: MarketVideoPlayer_video$key }) {
  const data = useFragment(
    graphql`
      fragment MarketVideoPlayer_video on MarketVideo {
        videoId
        title
        channel
        url
        embedUrl
        thumbnailUrl
        sourceLabel
      }
    `,
    video,
  );
  const online = useSyncExternalStore(subscribeOnline, isOnline, () => true);
  const [state, setState] = useState<{ videoId: string; status: PlayerStatus }>({ videoId: data.videoId, status: "checking" });
  const status = state.videoId === data.videoId ? state.status : "checking";
  const { videoId, thumbnailUrl } = data;

  useEffect(() => {
    if (!online || status !== "checking") return;
    const settle = (next: PlayerStatus) => setState({ videoId, status: next });
    if (!thumbnailUrl) return settle("loading");
    const probe = new Image();
    probe.onload = () => settle("loading");
    probe.onerror = () => settle("unreachable");
    probe.referrerPolicy = "no-referrer";
    probe.src = thumbnailUrl;
    return () => {
      probe.onload = null;
      probe.onerror = null;
    };
  }, [online, status, videoId, thumbnailUrl]);

  const waiting = status === "checking" || status === "loading";
  useEffect(() => {
    if (!online || !waiting) return;
    const timer = setTimeout(() => setState({ videoId, status: "timeout" }), PLAYER_LOAD_TIMEOUT_MS);
    return () => clearTimeout(timer);
  }, [online, waiting, videoId]);

  const unavailable = !online || status === "timeout" || status === "unreachable";
  return (
    <Panel aria-labelledby="market-video-player-title">
      <h2 id="market-video-player-title">{data.title}</h2>
      {unavailable ? (
        <Placeholder role="img" aria-label={`Player unavailable: ${data.title}`}>
          <strong>{data.title}</strong>
          <span>
            {!online
              ? "You are offline: the YouTube player cannot load."
              : status === "unreachable"
                ? "YouTube cannot be reached from this network, so its player cannot load."
                : "The YouTube player did not load (the network may block it)."}{" "}
            Open the video on youtube.com instead.
          </span>
        </Placeholder>
      ) : status === "checking" ? (
        <Placeholder role="status">Connecting to YouTube…</Placeholder>
      ) : (
        <Frame>
          <iframe
            key={data.videoId}
            src={data.embedUrl}
            title={`YouTube player: ${data.title}`}
            allow="accelerometer; encrypted-media; gyroscope; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            loading="lazy"
            onLoad={() => setState({ videoId: data.videoId, status: "loaded" })}
          />
        </Frame>
      )}
      <Caption>
        {data.channel} · {data.sourceLabel}.{" "}
        <a href={data.url} target="_blank" rel="noopener noreferrer">
          Watch on youtube.com
        </a>
      </Caption>
    </Panel>
  );
}

const Panel = styled(Card)`
  display: grid;
  gap: ${({ theme }) => theme.space.sm};
  h2 { font-size: ${({ theme }) => theme.fontSizes.lg}; }
`;

const Frame = styled.div`
  position: relative;
  aspect-ratio: 16 / 9;
  iframe { position: absolute; inset: 0; width: 100%; height: 100%; border: 0; border-radius: ${({ theme }) => theme.radii.md}; }
`;

const Placeholder = styled.div`
  aspect-ratio: 16 / 9;
  display: grid;
  place-content: center;
  gap: ${({ theme }) => theme.space.sm};
  padding: ${({ theme }) => theme.space.lg};
  text-align: center;
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  strong { color: ${({ theme }) => theme.colors.text}; }
`;

const Caption = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  color: ${({ theme }) => theme.colors.textMuted};
`;
