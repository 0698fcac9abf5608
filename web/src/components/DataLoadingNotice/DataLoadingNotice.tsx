import { useSyncExternalStore } from "react";
import styled from "styled-components";
import { dataLoading } from "../../relay/data-loading";
import { Notice } from "../Notice/Notice";

/** Shown on every page while the server loads the bundled data after a first start. */
export function DataLoadingNotice() {
  const percent = useSyncExternalStore(dataLoading.subscribe, dataLoading.current, () => null);
  if (percent === null) return null;
  return (
    <Bar>
      <Notice tone="info" title={`Loading the bundled data (${percent} %)`}>
        <p>This is the first start on this machine: prices, news, earnings and 13F filings are being stored. The page fills in as soon as they are in.</p>
        <Progress value={percent} max={100} aria-label="Bundled data loaded" />
      </Notice>
    </Bar>
  );
}

const Bar = styled.div`
  max-width: 1200px;
  width: 100%;
  margin: ${({ theme }) => theme.space.md} auto 0;
  padding: 0 ${({ theme }) => theme.space.md};
  box-sizing: border-box;
`;

const Progress = styled.progress`
  width: 100%;
  height: 6px;
  accent-color: ${({ theme }) => theme.colors.primary};
`;
