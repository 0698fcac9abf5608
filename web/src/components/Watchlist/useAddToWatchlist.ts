import { graphql, useMutation } from "react-relay";
import { useNavigate } from "react-router-dom";
import { runErrorMessage } from "../ScreenForm/useScreenRun";
import { useToast } from "../Toaster/useToast";
import type { useAddToWatchlistAddMutation } from "./__generated__/useAddToWatchlistAddMutation.graphql";
import type { useAddToWatchlistCreateMutation } from "./__generated__/useAddToWatchlistCreateMutation.graphql";

/** The name a user's first list gets when one is started from a stock. */
export const FIRST_LIST_NAME = "My watchlist";

/** A list a ticker went into. */
export interface AddedTo {
  id: string;
  name: string;
}

/** Told once the server has answered: the list the ticker is in, or null when it was refused (the toast says why). */
type Settled = (list: AddedTo | null) => void;

/** A name for one more list, none of `taken`: "My watchlist", then "Watchlist 2", "Watchlist 3"… */
export function newListName(taken: readonly string[]): string {
  if (!taken.includes(FIRST_LIST_NAME)) return FIRST_LIST_NAME;
  let number = 2;
  while (taken.includes(`Watchlist ${number}`)) number += 1;
  return `Watchlist ${number}`;
}

/** Where a list is shown. */
export const watchlistPath = (list: AddedTo) => `/watchlists?list=${encodeURIComponent(list.id)}`;

/**
 * Adding one ticker to one of the viewer's lists, or to a new one: the mutations and what the user
 * is told. Success: "Added to <list>" with a link to the list on /watchlists; a refusal (the plan's
 * limit, an unknown ticker, a name taken) shows the server's message. The stock page's control and
 * the menus of the screeners' rows and the header's search all add through here.
 */
export function useAddToWatchlist() {
  const { toast } = useToast();
  const navigate = useNavigate();
  const [commitAdd, isAdding] = useMutation<useAddToWatchlistAddMutation>(graphql`
    mutation useAddToWatchlistAddMutation($id: ID!, $tickers: [String!]!) {
      addToWatchlist(id: $id, tickers: $tickers) {
        watchlist {
          id
          name
          tickers
        }
      }
    }
  `);
  const [commitCreate, isCreating] = useMutation<useAddToWatchlistCreateMutation>(graphql`
    mutation useAddToWatchlistCreateMutation($name: String!, $tickers: [String!]) {
      createWatchlist(name: $name, tickers: $tickers) {
        watchlist {
          id
          name
          tickers
        }
      }
    }
  `);

  const added = (ticker: string, list: AddedTo, settled?: Settled) => {
    const href = watchlistPath(list);
    toast({
      title: `Added to ${list.name}`,
      description: `${ticker} is on the list.`,
      link: { label: "Open Watchlists", href, altText: "Your lists are on the Watchlists page, in the header's Research menu.", navigate },
    });
    settled?.(list);
  };
  const refused = (error: Error, settled?: Settled) => {
    toast({ title: "Not Added", description: runErrorMessage(error, "Could not add the stock."), variant: "destructive" });
    settled?.(null);
  };

  return {
    /** Adds `ticker` to `list` (a ticker already there stays where it is). */
    addTo: (list: AddedTo, ticker: string, settled?: Settled) =>
      commitAdd({
        variables: { id: list.id, tickers: [ticker] },
        onCompleted: (response) => added(ticker, response.addToWatchlist.watchlist, settled),
        onError: (error) => refused(error, settled),
      }),
    /** Starts a list called `name` holding `ticker`. */
    addToNewList: (name: string, ticker: string, settled?: Settled) =>
      commitCreate({
        variables: { name, tickers: [ticker] },
        onCompleted: (response) => added(ticker, response.createWatchlist.watchlist, settled),
        onError: (error) => refused(error, settled),
      }),
    isPending: isAdding || isCreating,
  };
}
