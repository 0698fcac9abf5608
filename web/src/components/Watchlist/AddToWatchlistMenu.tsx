import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { Suspense, useState } from "react";
import { graphql, useLazyLoadQuery } from "react-relay";
import styled from "styled-components";
import { ErrorBoundary } from "../ErrorBoundary/ErrorBoundary";
import { CheckIcon, PlusIcon } from "../Icons/Icons";
import { MenuContent, MenuSeparator } from "../ui/Menu";
import { newListName, useAddToWatchlist } from "./useAddToWatchlist";
import type { AddToWatchlistMenuQuery } from "./__generated__/AddToWatchlistMenuQuery.graphql";

interface AddToWatchlistMenuProps {
  ticker: string;
  /** Smaller, for a table row. */
  compact?: boolean;
  /** -1 keeps the button out of the Tab order (the header's search lets Tab reach only the highlighted match's). */
  tabIndex?: number;
  /** Told when the menu opens and closes (the header's search stays open meanwhile). */
  onOpenChange?: (open: boolean) => void;
  /** Told of a click or focus outside the menu (which closes it), with what was clicked or focused. */
  onInteractOutside?: (target: EventTarget | null) => void;
}

/**
 * A compact "+" for a signed-in user (render it only for one): it opens a menu of the viewer's
 * lists, asked for only when it opens (the page around it loads nothing more; the store's lists show
 * at once on a later opening while the server's are fetched), and "New watchlist". Choosing adds the ticker (useAddToWatchlist says how it went); the menu stays open,
 * its items disabled, until the server has answered.
 */
export function AddToWatchlistMenu({ ticker, compact = false, tabIndex, onOpenChange, onInteractOutside }: AddToWatchlistMenuProps) {
  const [open, setOpen] = useState(false);
  const change = (next: boolean) => {
    setOpen(next);
    onOpenChange?.(next);
  };
  return (
    <DropdownMenu.Root modal={false} open={open} onOpenChange={change}>
      <DropdownMenu.Trigger asChild>
        <Trigger type="button" aria-label={`Add ${ticker} to a watchlist`} title="Add to a watchlist" tabIndex={tabIndex} $compact={compact}>
          <PlusIcon size={compact ? 14 : 16} />
        </Trigger>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <Content align="end" sideOffset={4} collisionPadding={8} onInteractOutside={(event) => onInteractOutside?.(event.target)}>
          <Label>Add {ticker} to</Label>
          <ErrorBoundary fallback={<Note role="alert">Could not load your watchlists. Close this menu and try again.</Note>}>
            <Suspense fallback={<Note role="status">Loading your watchlists…</Note>}>
              <WatchlistChoices ticker={ticker} onSettled={() => change(false)} />
            </Suspense>
          </ErrorBoundary>
        </Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** The viewer's lists (one already holding the ticker says so and is not offered) and "New watchlist". */
function WatchlistChoices({ ticker, onSettled }: { ticker: string; onSettled: () => void }) {
  // The store's lists at once when known (a list added to since shows it), then the server's.
  const { viewer } = useLazyLoadQuery<AddToWatchlistMenuQuery>(
    graphql`
      query AddToWatchlistMenuQuery {
        viewer {
          id
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
      }
    `,
    {},
    { fetchPolicy: "store-and-network" },
  );
  const { addTo, addToNewList, isPending } = useAddToWatchlist();
  const lists = viewer?.watchlists.edges.map((edge) => edge.node) ?? [];
  // Kept open until the answer is in: the item chosen stays in view, and nothing is sent twice.
  const choose = (event: Event, add: () => void) => {
    event.preventDefault();
    if (!isPending) add();
  };

  return (
    <>
      {lists.map((list) => {
        const holds = list.tickers.includes(ticker);
        return (
          <Item key={list.id} disabled={holds || isPending} onSelect={(event) => choose(event, () => addTo(list, ticker, onSettled))}>
            <ListName>{list.name}</ListName>
            {holds ? (
              <Held>
                <CheckIcon size={14} /> In list
              </Held>
            ) : null}
          </Item>
        );
      })}
      {lists.length > 0 ? <MenuSeparator /> : null}
      <Item
        disabled={isPending}
        onSelect={(event) => choose(event, () => addToNewList(newListName(lists.map((list) => list.name)), ticker, onSettled))}
      >
        <PlusIcon size={14} /> New watchlist
      </Item>
      {isPending ? <Note role="status">Adding {ticker}…</Note> : null}
    </>
  );
}

const Trigger = styled.button<{ $compact: boolean }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: ${({ $compact }) => ($compact ? 24 : 28)}px;
  height: ${({ $compact }) => ($compact ? 24 : 28)}px;
  padding: 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
  &:hover, &[data-state="open"] { color: ${({ theme }) => theme.colors.primary}; border-color: ${({ theme }) => theme.colors.primary}; }
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 1px; }
`;

/** A little narrower than the header's menus. */
const Content = styled(MenuContent)`
  min-width: 200px;
  max-width: min(300px, calc(100vw - 16px));
`;

const Label = styled(DropdownMenu.Label)`
  padding: 6px 10px 4px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  font-weight: 700;
`;

const Item = styled(DropdownMenu.Item)`
  display: flex;
  align-items: center;
  gap: 8px;
  min-height: 36px;
  padding: 6px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 550;
  cursor: pointer;
  outline: none;
  &[data-highlighted] { background: ${({ theme }) => theme.colors.surfaceMuted}; color: ${({ theme }) => theme.colors.primary}; }
  &[data-disabled] { cursor: default; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const ListName = styled.span`
  flex: 1 1 auto;
  min-width: 0;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const Held = styled.span`
  display: inline-flex;
  align-items: center;
  gap: 2px;
  flex: none;
  font-size: ${({ theme }) => theme.fontSizes.xs};
  color: ${({ theme }) => theme.colors.success};
`;

const Note = styled.p`
  margin: 0;
  padding: 6px 10px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.xs};
`;
