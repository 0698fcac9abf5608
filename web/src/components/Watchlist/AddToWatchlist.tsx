import { useId, useState } from "react";
import { graphql, useFragment } from "react-relay";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { Button, ButtonLink } from "../ui/Button";
import { FIRST_LIST_NAME, useAddToWatchlist, watchlistPath, type AddedTo } from "./useAddToWatchlist";
import type { AddToWatchlist_viewer$key } from "./__generated__/AddToWatchlist_viewer.graphql";

interface AddToWatchlistProps {
  /** The signed-in viewer (null for a visitor, who is offered sign-in). */
  viewer: AddToWatchlist_viewer$key | null | undefined;
  ticker: string;
}

/** A stock page's "Add to watchlist": into a list of the user's choosing, or a first list. */
export function AddToWatchlist({ viewer, ticker }: AddToWatchlistProps) {
  const id = useId();
  const user = useFragment(
    graphql`
      fragment AddToWatchlist_viewer on Viewer {
        watchlists(first: 20) {
          edges {
            node {
              id
              name
              tickers
            }
          }
        }
      }
    `,
    viewer,
  );
  const lists = user?.watchlists.edges.map((edge) => edge.node) ?? [];
  const [chosen, setChosen] = useState<string | null>(null);
  const [created, setCreated] = useState<AddedTo | null>(null);
  const { addTo, addToNewList, isPending } = useAddToWatchlist();
  if (!user) {
    return (
      <ButtonLink to="/auth" $variant="ghost" $size="sm">
        Sign in to keep a watchlist
      </ButtonLink>
    );
  }
  const target = lists.find((list) => list.id === chosen) ?? lists[0] ?? null;
  const holding = created ?? (target?.tickers.includes(ticker) ? target : null);
  if (holding) {
    return (
      <Bar role="status">
        In <Link to={watchlistPath(holding)}>{holding.name}</Link> ✓
      </Bar>
    );
  }
  if (!target) {
    const create = () => addToNewList(FIRST_LIST_NAME, ticker, setCreated);
    return (
      <Button type="button" $variant="secondary" $size="sm" onClick={create} disabled={isPending}>
        + Add to a new watchlist
      </Button>
    );
  }
  const add = () => addTo(target, ticker);
  return (
    <Bar>
      {lists.length > 1 ? (
        <>
          <label htmlFor={`${id}-list`}>Watchlist</label>
          <select id={`${id}-list`} value={target.id} onChange={(event) => setChosen(event.target.value)}>
            {lists.map((list) => (
              <option key={list.id} value={list.id}>
                {list.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <Button type="button" $variant="secondary" $size="sm" onClick={add} disabled={isPending}>
        + Add to {lists.length > 1 ? "watchlist" : `“${target.name}”`}
      </Button>
    </Bar>
  );
}

const Bar = styled.div`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
`;
