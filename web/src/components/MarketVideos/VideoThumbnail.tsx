import { useState } from "react";
import styled from "styled-components";

/**
 * A video's YouTube thumbnail (https://i.ytimg.com/...). When it cannot load (offline, blocked),
 * a placeholder with the title takes its place, so the list never shows a broken image.
 */
export function VideoThumbnail({ src, title }: { src: string | null | undefined; title: string }) {
  const [failed, setFailed] = useState(false);
  if (!src || failed) {
    return (
      <Placeholder data-testid="thumbnail-placeholder" aria-hidden="true">
        <span>▶</span>
        <small>{title}</small>
      </Placeholder>
    );
  }
  return <Image src={src} alt="" loading="lazy" referrerPolicy="no-referrer" onError={() => setFailed(true)} />;
}

const frame = `
  width: 100%;
  aspect-ratio: 16 / 9;
  border-radius: 8px;
`;

const Image = styled.img`
  ${frame}
  object-fit: cover;
  display: block;
  background: ${({ theme }) => theme.colors.surfaceMuted};
`;

const Placeholder = styled.div`
  ${frame}
  display: grid;
  place-items: center;
  align-content: center;
  gap: ${({ theme }) => theme.space.xs};
  padding: ${({ theme }) => theme.space.sm};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.textMuted};
  text-align: center;
  overflow: hidden;
  span { font-size: 1.5rem; }
  small { font-size: ${({ theme }) => theme.fontSizes.xs}; display: -webkit-box; -webkit-line-clamp: 2; -webkit-box-orient: vertical; overflow: hidden; }
`;
