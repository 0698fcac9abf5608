import styled from "styled-components";
import { SkeletonBar } from "../../components/Skeleton/Skeleton";
import { Card, VisuallyHidden } from "../../components/ui/Layout";

/** The page's shape while its numbers load: four tiles, three panels and a few headline rows. */
export function NewsSkeleton() {
  return (
    <Wrapper role="status" aria-live="polite">
      <VisuallyHidden>Loading news sentiment…</VisuallyHidden>
      <SkeletonBar $width="min(520px, 100%)" $height="2.6em" />
      <Tiles>
        {[0, 1, 2, 3].map((index) => (
          <Tile key={index}>
            <SkeletonBar $width="50%" />
            <SkeletonBar $width="35%" $height="1.8em" />
          </Tile>
        ))}
      </Tiles>
      <Card>
        {[0, 1, 2, 3, 4].map((index) => (
          <Row key={index}>
            <SkeletonBar $width="90px" $height="1.4em" />
            <div>
              <SkeletonBar $width="85%" />
              <SkeletonBar $width="40%" $height="0.7em" />
            </div>
          </Row>
        ))}
      </Card>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
`;

const Tiles = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  grid-template-columns: repeat(2, minmax(0, 1fr));
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    grid-template-columns: repeat(4, minmax(0, 1fr));
  }
`;

const Tile = styled(Card)`
  display: grid;
  gap: 10px;
  padding: ${({ theme }) => theme.space.md};
`;

const Row = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.space.md};
  padding: 12px 0;
  > div { flex: 1; display: grid; gap: 8px; }
`;
