import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from "react";
import { fetchQuery, graphql, useRelayEnvironment } from "react-relay";
import { useNavigate } from "react-router-dom";
import styled from "styled-components";
import { GENERIC_ERROR_MESSAGE, GraphQLRequestError } from "../../relay/environment";
import { VisuallyHidden } from "../ui/Layout";
import { AddToWatchlistMenu } from "../Watchlist/AddToWatchlistMenu";
import type { TickerSearchQuery as TickerSearchQueryType, TickerSearchQuery$data } from "./__generated__/TickerSearchQuery.graphql";

type Match = TickerSearchQuery$data["stockSearch"][number];

/** The API's bound on the query (api/src/research/stock-search.ts). */
export const QUERY_MAX_LENGTH = 40;
/** Wait for a pause in typing before asking. */
const TYPING_PAUSE_MS = 150;
/** What the stock page accepts as a ticker: Enter opens it even before the suggestions arrive. */
const TICKER_PATTERN = /^[A-Z]{1,5}(\.[A-Z])?$/;

const TickerSearchQuery = graphql`
  query TickerSearchQuery($query: String!) {
    stockSearch(query: $query, first: 8) {
      hasPrices
      stock {
        id
        ticker
        name
      }
    }
  }
`;

/** The answer for one query: the matches, or why there are none. */
type Answer = { query: string; matches: readonly Match[]; error: string | null };

/**
 * The header's ticker search: a combobox (ARIA 1.2 pattern) suggesting stocks by ticker or company
 * name as you type; ↓/↑ move through them, Enter or a click opens the stock's page, Esc closes.
 *
 * With `canAddToWatchlist` (a signed-in viewer) each suggestion has a "+" beside it that opens the
 * add-to-watchlist menu. The buttons sit in a column of their own next to the listbox (a listbox
 * holds options only), lined up with the rows by a subgrid; Tab from the input reaches the
 * highlighted match's button (the first match's when none is), so the arrows, Enter and Esc work
 * on the suggestions as before. The popup stays open while the focus is anywhere inside the search
 * and while a button's menu is open.
 */
export function TickerSearch({ canAddToWatchlist = false }: { canAddToWatchlist?: boolean }) {
  const environment = useRelayEnvironment();
  const navigate = useNavigate();
  const id = useId();
  const [text, setText] = useState("");
  const [isOpen, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [answer, setAnswer] = useState<Answer | null>(null);
  // The ticker whose add-to-watchlist menu is open (portalled: the focus in it is outside the search's box).
  const [menuFor, setMenuFor] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const searchRef = useRef<HTMLDivElement>(null);
  const query = text.trim();
  // Only the answer for the text as it is now counts; null while that one is on its way.
  const current = answer && answer.query === query ? answer : null;
  const matches = current?.matches ?? [];
  const showsPopup = (isOpen || menuFor !== null) && query !== "";
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${index}`;

  useEffect(() => {
    if (query === "") return;
    let live = true;
    const timer = setTimeout(() => {
      fetchQuery<TickerSearchQueryType>(environment, TickerSearchQuery, { query }, { fetchPolicy: "store-or-network" }).subscribe({
        next: (data) => {
          if (live) setAnswer({ query, matches: data.stockSearch, error: null });
        },
        error: (error: unknown) => {
          if (live) setAnswer({ query, matches: [], error: error instanceof GraphQLRequestError ? error.message : GENERIC_ERROR_MESSAGE });
        },
      });
    }, TYPING_PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [environment, query]);

  const openStock = (ticker: string) => {
    setText("");
    setOpen(false);
    setActiveIndex(-1);
    navigate(`/stocks/${encodeURIComponent(ticker)}`);
  };

  /** Enter: the highlighted match, else the typed ticker itself, else the first match. */
  const choose = () => {
    const typed = query.toUpperCase();
    const chosen = matches[activeIndex] ?? matches.find((match) => match.stock.ticker === typed) ?? matches[0];
    if (chosen) openStock(chosen.stock.ticker);
    else if (!current && TICKER_PATTERN.test(typed)) openStock(typed);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (matches.length === 0) return;
      const step = event.key === "ArrowDown" ? 1 : -1;
      // Past either end the highlight leaves the list (-1: back to what was typed).
      setActiveIndex((index) => {
        const next = index + step;
        return next < -1 ? matches.length - 1 : next >= matches.length ? -1 : next;
      });
    } else if (event.key === "Enter") {
      event.preventDefault();
      choose();
    } else if (event.key === "Escape") {
      if (showsPopup) setOpen(false);
      else setText("");
      setActiveIndex(-1);
    }
  };

  const status = !showsPopup
    ? ""
    : !current
      ? "Searching…"
      : current.error
        ? current.error
        : matches.length === 0
          ? `No match for “${query}”`
          : `${matches.length} ${matches.length === 1 ? "match" : "matches"}; use the arrow keys to choose${canAddToWatchlist ? ", Tab to add the one chosen to a watchlist" : ""}`;
  // Both columns span every row, so the subgrid lines each button up with its match.
  const rows = { gridRow: `1 / span ${Math.max(matches.length, 1)}` };
  // The one action button Tab reaches: the highlighted match's, else the first's.
  const tabbableAction = matches[activeIndex] ? activeIndex : 0;

  /** Closed when the focus leaves the search (not when it moves between the input and a button). */
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOpen(false);
  };

  /** One menu opens as another closes (a click on another "+"): only its own closing clears it. */
  const onMenuOpenChange = (ticker: string, open: boolean) => setMenuFor((current) => (open ? ticker : current === ticker ? null : current));

  /** A click outside a button's menu closes it, and the popup too unless the click was in the search. */
  const onMenuInteractOutside = (target: EventTarget | null) => {
    if (!(target instanceof Node && searchRef.current?.contains(target))) setOpen(false);
  };

  /** Esc on an action button closes the popup and goes back to the input (Esc inside the menu only closes the menu). */
  const onActionKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== "Escape" || !event.currentTarget.contains(event.target as Node)) return;
    // Focused first: its focus event opens the popup, which is then closed.
    inputRef.current?.focus();
    setOpen(false);
  };

  return (
    // Open while the focus is inside (React's focus events bubble out of the portalled menu too).
    <Search ref={searchRef} role="search" onFocus={() => setOpen(true)} onBlur={onBlur}>
      <label htmlFor={`${id}-input`}>
        <VisuallyHidden>Search stocks by ticker or company</VisuallyHidden>
      </label>
      <Input
        ref={inputRef}
        id={`${id}-input`}
        type="text"
        role="combobox"
        aria-expanded={showsPopup && matches.length > 0}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={showsPopup && matches[activeIndex] ? optionId(activeIndex) : undefined}
        aria-describedby={`${id}-status`}
        autoComplete="off"
        spellCheck={false}
        maxLength={QUERY_MAX_LENGTH}
        placeholder="Search ticker or company"
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActiveIndex(-1);
        }}
        onKeyDown={onKeyDown}
      />
      <Popup hidden={!showsPopup || matches.length === 0}>
        <Options id={listId} role="listbox" aria-label="Matching stocks" style={rows}>
          {matches.map((match, index) => (
            <Option
              key={match.stock.id}
              id={optionId(index)}
              role="option"
              aria-selected={index === activeIndex}
              // Keeps the focus in the input, so the click is not lost to its blur.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => openStock(match.stock.ticker)}
            >
              <strong>{match.stock.ticker}</strong>
              <Name>{match.stock.name}</Name>
              {match.hasPrices ? null : <NoPrices>news only, no prices stored</NoPrices>}
            </Option>
          ))}
        </Options>
        {canAddToWatchlist ? (
          <Actions style={rows} onKeyDown={onActionKeyDown}>
            {matches.map((match, index) => (
              <ActionCell key={match.stock.id}>
                <AddToWatchlistMenu
                  ticker={match.stock.ticker}
                  tabIndex={index === tabbableAction ? 0 : -1}
                  onOpenChange={(open) => onMenuOpenChange(match.stock.ticker, open)}
                  onInteractOutside={onMenuInteractOutside}
                />
              </ActionCell>
            ))}
          </Actions>
        ) : null}
      </Popup>
      {/* One live region throughout; beside the list it is only read out (the count), not shown. */}
      <Status id={`${id}-status`} role="status" data-quiet={!showsPopup || matches.length > 0 || undefined}>
        {status}
      </Status>
    </Search>
  );
}

const Search = styled.div`
  position: relative;
  width: 100%;
`;

const Input = styled.input`
  width: 100%;
  min-height: 40px;
  padding: 8px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surfaceMuted};
  color: ${({ theme }) => theme.colors.text};
  font: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  &::placeholder { color: ${({ theme }) => theme.colors.textMuted}; }
  &:focus-visible { outline: 3px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const popup = `
  position: absolute;
  top: calc(100% + 6px);
  left: 0;
  z-index: 60;
  width: max(100%, 300px);
  max-width: calc(100vw - 16px);
  margin: 0;
`;

/** The suggestions and (signed in) their action buttons: two columns whose rows line up (subgrid). */
const Popup = styled.div`
  ${popup}
  display: grid;
  grid-template-columns: minmax(0, 1fr) auto;
  padding: 6px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  &[hidden] { display: none; }
`;

const Options = styled.ul`
  grid-column: 1;
  display: grid;
  grid-template-rows: subgrid;
  margin: 0;
  padding: 0;
  list-style: none;
`;

const Actions = styled.div`
  grid-column: 2;
  display: grid;
  grid-template-rows: subgrid;
  margin-left: 4px;
`;

const ActionCell = styled.div`
  display: flex;
  align-items: center;
`;

const Option = styled.li`
  display: grid;
  grid-template-columns: 4.5em minmax(0, 1fr);
  align-items: baseline;
  gap: 2px 8px;
  padding: 8px 10px;
  border-radius: ${({ theme }) => theme.radii.sm};
  color: ${({ theme }) => theme.colors.text};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  cursor: pointer;
  &:hover, &[aria-selected="true"] { background: ${({ theme }) => theme.colors.surfaceMuted}; }
  &[aria-selected="true"] { box-shadow: inset 0 0 0 2px ${({ theme }) => theme.colors.focus}; }
`;

const Name = styled.span`
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const NoPrices = styled.small`
  grid-column: 2;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const Status = styled.p`
  ${popup}
  padding: 10px 12px;
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  &[data-quiet] { width: 1px; height: 1px; padding: 0; border: 0; overflow: hidden; clip: rect(0, 0, 0, 0); white-space: nowrap; }
`;
