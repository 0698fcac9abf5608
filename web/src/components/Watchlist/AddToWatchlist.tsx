import { useId, useState } from "react";
import { graphql, useFragment, useMutation } from "react-relay";
import { Link } from "react-router-dom";
import styled from "styled-components";
import { runErrorMessage } from "../ScreenForm/useScreenRun";
import { useToast } from "../Toaster/useToast";
import { Button, ButtonLink } from "../ui/Button";
import type { AddToWatchlist_viewer$key } from "./__generated__/AddToWatchlist_viewer.graphql";
import type { AddToWatchlistAddMutation } from "./__generated__/AddToWatchlistAddMutation.graphql";
import type { AddToWatchlistCreateMutation } from "./__generated__/AddToWatchlistCreateMutation.graphql";

/** The name of the list a stock page starts when the user has none. */
const FIRST_LIST_NAME = "My watchlist";

interface AddToWatchlistProps {
  /** The signed-in viewer (null for a visitor, who is offered sign-in). */
  viewer: AddToWatchlist_viewer$key | null | undefined;
  ticker: string;
}

/** A stock page's "Add to watchlist": into a list of the user's choosing, or a first list. */
export function AddToWatchlist({ viewer, ticker }: AddToWatchlistProps) {
  const id = useId();
  const { toast } = useToast();
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
  const [created, setCreated] = useState<{ id: string; name: string } | null>(null);
  const [commitAdd, isAdding] = useMutation<AddToWatchlistAddMutation>(graphql`
    mutation AddToWatchlistAddMutation($id: ID!, $tickers: [String!]!) {
      addToWatchlist(id: $id, tickers: $tickers) {
        watchlist {
          id
          name
          tickers
        }
      }
    }
  `);
  const [commitCreate, isCreating] = useMutation<AddToWatchlistCreateMutation>(graphql`
    mutation AddToWatchlistCreateMutation($name: String!, $tickers: [String!]) {
      createWatchlist(name: $name, tickers: $tickers) {
        watchlist {
          id
          name
          tickers
        }
      }
    }
  `);
  if (!user) {
    return (
      <ButtonLink to="/auth" $variant="ghost" $size="sm">
        Sign in to keep a watchlist
      </ButtonLink>
    );
  }
  const failed = (error: Error) => void toast({ title: "Not Added", description: runErrorMessage(error, "Could not add the stock."), variant: "destructive" });
  const target = lists.find((list) => list.id === chosen) ?? lists[0] ?? null;
  const holding = created ?? (target?.tickers.includes(ticker) ? target : null);
  if (holding) {
    return (
      <Bar role="status">
        In <Link to={`/watchlists?list=${encodeURIComponent(holding.id)}`}>{holding.name}</Link> ✓
      </Bar>
    );
  }
  if (!target) {
    const create = () =>
      commitCreate({
        variables: { name: FIRST_LIST_NAME, tickers: [ticker] },
        onCompleted: (response) => {
          const list = response.createWatchlist.watchlist;
          setCreated(list);
          toast({ title: "Added to Watchlist", description: `${ticker} is in “${list.name}”.` });
        },
        onError: failed,
      });
    return (
      <Button type="button" $variant="secondary" $size="sm" onClick={create} disabled={isCreating}>
        + Add to a new watchlist
      </Button>
    );
  }
  const add = () =>
    commitAdd({
      variables: { id: target.id, tickers: [ticker] },
      onCompleted: () => void toast({ title: "Added to Watchlist", description: `${ticker} is in “${target.name}”.` }),
      onError: failed,
    });
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
      <Button type="button" $variant="secondary" $size="sm" onClick={add} disabled={isAdding}>
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
