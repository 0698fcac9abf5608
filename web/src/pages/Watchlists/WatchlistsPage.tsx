import { Suspense, useId, useState, type FormEvent } from "react";
import { graphql, useLazyLoadQuery, useMutation, usePreloadedQuery } from "react-relay";
import { Link, useSearchParams } from "react-router-dom";
import styled from "styled-components";
import { parseTickerCsv, parseTickerList } from "@shared/screen-rules";
import { useAsOf } from "../../components/AsOfControl/useAsOf";
import { Field, FieldError, FieldHint, TextInput } from "../../components/FormControls/FormControls";
import { Notice } from "../../components/Notice/Notice";
import { ResultsSkeleton } from "../../components/ScreenResults/ResultsSkeleton";
import { runErrorMessage } from "../../components/ScreenForm/useScreenRun";
import { useToast } from "../../components/Toaster/useToast";
import { Button } from "../../components/ui/Button";
import { Badge, Card, Container, Lead, PageHeading, PageSection } from "../../components/ui/Layout";
import { watchlistColumns } from "../../components/Watchlist/watchlistColumns";
import { WatchlistTable } from "../../components/Watchlist/WatchlistTable";
import { useDocumentTitle } from "../../hooks/useDocumentTitle";
import { useRouteQuery } from "../../routing/routeQueries";
import type { WatchlistsPageCreateMutation } from "./__generated__/WatchlistsPageCreateMutation.graphql";
import type { WatchlistsPageDeleteMutation } from "./__generated__/WatchlistsPageDeleteMutation.graphql";
import type { WatchlistsPageQuery as WatchlistsPageQueryType } from "./__generated__/WatchlistsPageQuery.graphql";
import type { WatchlistsPageRenameMutation } from "./__generated__/WatchlistsPageRenameMutation.graphql";
import type { WatchlistsPageSetTickersMutation } from "./__generated__/WatchlistsPageSetTickersMutation.graphql";
import type { WatchlistsPageViewQuery } from "./__generated__/WatchlistsPageViewQuery.graphql";

export const WatchlistsPageQuery = graphql`
  query WatchlistsPageQuery {
    viewer {
      id
      plan {
        hasProAccess
      }
      watchlistLimits {
        lists
        tickersPerList
      }
      watchlists(first: 20) @connection(key: "WatchlistsPage_watchlists") {
        __id
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
`;

type List = { id: string; name: string; tickers: readonly string[] };

/** The server's limit on a list's name. */
const NAME_MAX_LENGTH = 80;

/** /watchlists: the signed-in user's lists of tickers, each shown at the app's as-of day (the route's gate asks visitors to sign in). */
export default function WatchlistsPage() {
  useDocumentTitle("Watchlists");
  const { viewer } = usePreloadedQuery<WatchlistsPageQueryType>(WatchlistsPageQuery, useRouteQuery<WatchlistsPageQueryType>());
  const [searchParams, setSearchParams] = useSearchParams();
  if (!viewer) return null;
  const lists: List[] = viewer.watchlists.edges.map((edge) => edge.node);
  const selected = lists.find((list) => list.id === searchParams.get("list")) ?? lists[0] ?? null;
  const select = (id: string | null) =>
    setSearchParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set("list", id);
      else next.delete("list");
      return next;
    });
  const { lists: maxLists, tickersPerList } = viewer.watchlistLimits;
  const pro = viewer.plan.hasProAccess;

  return (
    <Container>
      <PageSection>
        <div>
          <PageHeading>Watchlists</PageHeading>
          <Lead>
            Your lists of stocks, each shown at the app&apos;s as-of day with its sources. Your plan keeps {maxLists === 1 ? "one list" : `${maxLists} lists`} of up to{" "}
            {tickersPerList} tickers{maxLists === 1 ? <> (<Link to="/pricing">Pro</Link>: 20 lists of 500)</> : null}.
          </Lead>
        </div>
        <Layout>
          <Card aria-label="Your watchlists">
            {lists.length > 0 ? (
              <ListPicker role="list">
                {lists.map((list) => (
                  <li key={list.id}>
                    <PickButton type="button" aria-current={list.id === selected?.id ? "true" : undefined} onClick={() => select(list.id)}>
                      {list.name} <Badge>{list.tickers.length}</Badge>
                    </PickButton>
                  </li>
                ))}
              </ListPicker>
            ) : null}
            {lists.length < maxLists ? (
              <CreateWatchlist connectionId={viewer.watchlists.__id} onCreated={select} />
            ) : (
              <FieldHint>You have {maxLists === 1 ? "your one list" : `all ${maxLists} lists`} this plan keeps.</FieldHint>
            )}
          </Card>
          {selected ? (
            <div>
              <EditWatchlist key={selected.id} list={selected} connectionId={viewer.watchlists.__id} onDeleted={() => select(null)} />
              <Suspense
                fallback={
                  <ResultsSkeleton
                    label={`${selected.name}: figures`}
                    status="Loading the list's figures…"
                    headers={watchlistColumns(pro).map((column) => column.shortLabel ?? column.label)}
                  />
                }
              >
                <WatchlistView list={selected} pro={pro} />
              </Suspense>
            </div>
          ) : (
            <Notice title="No watchlist yet">
              <p>Name a list and add tickers, or load them from a CSV file with a Ticker or Symbol column. You can also add a stock from its page, a screener&apos;s results or the header&apos;s search.</p>
            </Notice>
          )}
        </Layout>
      </PageSection>
    </Container>
  );
}

/** Tickers typed ("AAPL, msft") or read from a CSV file, as the server will check them. */
function tickersOf(text: string): string[] {
  return parseTickerList(text).tickers;
}

function CreateWatchlist({ connectionId, onCreated }: { connectionId: string; onCreated: (id: string) => void }) {
  const id = useId();
  const { toast } = useToast();
  const [name, setName] = useState("");
  const [tickers, setTickers] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [commit, isCreating] = useMutation<WatchlistsPageCreateMutation>(graphql`
    mutation WatchlistsPageCreateMutation($name: String!, $tickers: [String!], $connections: [ID!]!) {
      createWatchlist(name: $name, tickers: $tickers) {
        watchlist @appendNode(connections: $connections, edgeTypeName: "ViewerWatchlistsConnectionEdge") {
          id
          name
          tickers
        }
      }
    }
  `);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!name.trim()) {
      setProblem("Give the list a name.");
      return;
    }
    setProblem(null);
    commit({
      variables: { name: name.trim(), tickers: tickersOf(tickers), connections: [connectionId] },
      onCompleted: (response) => {
        const created = response.createWatchlist.watchlist;
        setName("");
        setTickers("");
        toast({ title: "Watchlist Created", description: `“${created.name}” holds ${created.tickers.length} tickers.` });
        onCreated(created.id);
      },
      onError: (error) => setProblem(runErrorMessage(error, "Could not create the list.")),
    });
  };
  const onFile = async (file: File | undefined) => {
    if (!file) return;
    try {
      setTickers(parseTickerCsv(await file.text()).tickers.join(", "));
      if (!name.trim()) setName(file.name.replace(/\.csv$/i, ""));
    } catch (error) {
      setProblem(error instanceof Error ? error.message : "Could not read the file.");
    }
  };
  return (
    <form onSubmit={onSubmit} aria-label="New watchlist" noValidate>
      <Field>
        <label htmlFor={`${id}-name`}>New list</label>
        <TextInput id={`${id}-name`} value={name} maxLength={NAME_MAX_LENGTH} placeholder="e.g. Dividend ideas" autoComplete="off" onChange={(event) => setName(event.target.value)} />
      </Field>
      <Field>
        <label htmlFor={`${id}-tickers`}>Tickers</label>
        <TextInput id={`${id}-tickers`} value={tickers} placeholder="KO, PEP, JNJ" autoComplete="off" onChange={(event) => setTickers(event.target.value)} />
        <FieldHint>
          <label htmlFor={`${id}-file`}>Or from a CSV file: </label>
          <FileInput id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(event) => void onFile(event.target.files?.[0])} />
        </FieldHint>
      </Field>
      {problem ? (
        <FieldError role="alert">{problem}</FieldError>
      ) : null}
      <Button type="submit" $variant="secondary" $size="sm" disabled={isCreating}>
        {isCreating ? "Creating..." : "Create list"}
      </Button>
    </form>
  );
}

function EditWatchlist({ list, connectionId, onDeleted }: { list: List; connectionId: string; onDeleted: () => void }) {
  const id = useId();
  const { toast } = useToast();
  const [adding, setAdding] = useState("");
  const [name, setName] = useState(list.name);
  const [problem, setProblem] = useState<string | null>(null);
  const [commitTickers, isSaving] = useMutation<WatchlistsPageSetTickersMutation>(graphql`
    mutation WatchlistsPageSetTickersMutation($id: ID!, $tickers: [String!]!) {
      setWatchlistTickers(id: $id, tickers: $tickers) {
        watchlist {
          id
          tickers
        }
      }
    }
  `);
  const [commitRename] = useMutation<WatchlistsPageRenameMutation>(graphql`
    mutation WatchlistsPageRenameMutation($id: ID!, $name: String!) {
      renameWatchlist(id: $id, name: $name) {
        watchlist {
          id
          name
        }
      }
    }
  `);
  const [commitDelete] = useMutation<WatchlistsPageDeleteMutation>(graphql`
    mutation WatchlistsPageDeleteMutation($id: ID!, $connections: [ID!]!) {
      deleteWatchlist(id: $id) {
        deletedId @deleteEdge(connections: $connections)
      }
    }
  `);
  const save = (tickers: string[], done?: () => void) =>
    commitTickers({
      variables: { id: list.id, tickers },
      optimisticResponse: { setWatchlistTickers: { watchlist: { id: list.id, tickers } } },
      onCompleted: () => {
        setProblem(null);
        done?.();
      },
      onError: (error) => setProblem(runErrorMessage(error, "Could not change the list.")),
    });
  const move = (index: number, by: -1 | 1) => {
    const next = [...list.tickers];
    [next[index], next[index + by]] = [next[index + by], next[index]];
    save(next);
  };
  const onAdd = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const added = tickersOf(adding).filter((ticker) => !list.tickers.includes(ticker));
    if (added.length === 0) {
      setProblem("Type one or more tickers not in the list yet, e.g. AAPL, MSFT.");
      return;
    }
    save([...list.tickers, ...added], () => setAdding(""));
  };
  const onRename = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (name.trim() === list.name) return;
    commitRename({
      variables: { id: list.id, name: name.trim() },
      onCompleted: () => void toast({ title: "Watchlist Renamed", description: `Now “${name.trim()}”.` }),
      onError: (error) => setProblem(runErrorMessage(error, "Could not rename the list.")),
    });
  };
  const onDelete = () => {
    if (!window.confirm(`Delete “${list.name}”?`)) return;
    commitDelete({
      variables: { id: list.id, connections: [connectionId] },
      onCompleted: () => {
        toast({ title: "Watchlist Deleted", description: `“${list.name}” is gone.` });
        onDeleted();
      },
      onError: (error) => setProblem(runErrorMessage(error, "Could not delete the list.")),
    });
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([["ticker", ...list.tickers].join("\r\n") + "\r\n"], { type: "text/csv" }));
    const link = Object.assign(document.createElement("a"), { href: url, download: `${list.name.replace(/[^A-Za-z0-9-_]+/g, "-") || "watchlist"}.csv` });
    link.click();
    URL.revokeObjectURL(url);
  };

  return (
    <Card aria-label={`Edit ${list.name}`}>
      <EditorBar>
        <form onSubmit={onRename} aria-label="Rename the list">
          <label htmlFor={`${id}-name`}>Name</label>{" "}
          <TextInput id={`${id}-name`} value={name} maxLength={NAME_MAX_LENGTH} onChange={(event) => setName(event.target.value)} />{" "}
          <Button type="submit" $variant="ghost" $size="sm" disabled={name.trim() === list.name}>
            Rename
          </Button>
        </form>
        <div>
          <Button type="button" $variant="ghost" $size="sm" onClick={download} disabled={list.tickers.length === 0}>
            Download CSV
          </Button>
          <Button type="button" $variant="ghost" $size="sm" onClick={onDelete}>
            Delete list
          </Button>
        </div>
      </EditorBar>
      <form onSubmit={onAdd} aria-label="Add tickers">
        <label htmlFor={`${id}-add`}>Add tickers</label>{" "}
        <TextInput id={`${id}-add`} value={adding} placeholder="AAPL, MSFT" autoComplete="off" onChange={(event) => setAdding(event.target.value)} />{" "}
        <Button type="submit" $variant="secondary" $size="sm" disabled={isSaving}>
          Add
        </Button>
      </form>
      {problem ? <FieldError role="alert">{problem}</FieldError> : null}
      {list.tickers.length > 0 ? (
        <Tickers aria-label={`${list.name}: tickers in order`}>
          {list.tickers.map((ticker, index) => (
            <li key={ticker}>
              <Link to={`/stocks/${ticker}`}>{ticker}</Link>
              <Button type="button" $variant="ghost" $size="sm" aria-label={`Move ${ticker} up`} disabled={index === 0} onClick={() => move(index, -1)}>
                ↑
              </Button>
              <Button type="button" $variant="ghost" $size="sm" aria-label={`Move ${ticker} down`} disabled={index === list.tickers.length - 1} onClick={() => move(index, 1)}>
                ↓
              </Button>
              <Button type="button" $variant="ghost" $size="sm" aria-label={`Remove ${ticker}`} onClick={() => save(list.tickers.filter((entry) => entry !== ticker))}>
                ×
              </Button>
            </li>
          ))}
        </Tickers>
      ) : (
        <FieldHint>No tickers yet: add some above, or from a stock&apos;s page, a screener&apos;s results or the search.</FieldHint>
      )}
    </Card>
  );
}

/** Times a view made for other tickers than the list's is asked for again, before the older one stands. */
const STALE_VIEW_RETRIES = 3;

/**
 * The list's figures at the app's as-of day, asked for again whenever its tickers change; the 13F
 * changes only with Pro (Pro data). Every answer lands in the same store record, so one made for
 * an earlier state of the list (quick edits answered out of order) is asked for again; the answer
 * shown while the new one is on its way (`waiting`) is not.
 */
function WatchlistView({ list, pro }: { list: List; pro: boolean }) {
  const { asOf } = useAsOf();
  const listed = list.tickers.join(",");
  const [asked, setAsked] = useState<{ listed: string; times: number; waiting: string | undefined }>({ listed, times: 0, waiting: undefined });
  const data = useLazyLoadQuery<WatchlistsPageViewQuery>(
    graphql`
      query WatchlistsPageViewQuery($id: ID!, $asOf: String, $pro: Boolean!) {
        node(id: $id) {
          ... on Watchlist {
            view(asOf: $asOf) {
              tickers
              ...WatchlistTable_view @arguments(pro: $pro)
            }
          }
        }
      }
    `,
    { id: list.id, asOf, pro },
    { fetchKey: `${listed}#${asked.listed === listed ? asked.times : 0}`, fetchPolicy: "store-and-network" },
  );
  const answered = data.node?.view?.tickers.join(",");
  // Set while rendering (React's pattern for state that follows a render's input).
  if (asked.listed !== listed) setAsked({ listed, times: 0, waiting: answered });
  else if (answered !== undefined && answered !== listed && answered !== asked.waiting && asked.times < STALE_VIEW_RETRIES) {
    setAsked({ listed, times: asked.times + 1, waiting: answered });
  }
  if (list.tickers.length === 0) return null;
  return data.node?.view ? <WatchlistTable view={data.node.view} name={list.name} pro={pro} /> : null;
}

const Layout = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space.lg};
  grid-template-columns: minmax(14rem, 18rem) minmax(0, 1fr);
  align-items: start;
  @media (max-width: 900px) {
    grid-template-columns: minmax(0, 1fr);
  }
`;

/** Narrows with the sidebar, whose cards are narrower than a file input's own ~300 px. */
const FileInput = styled.input`
  max-width: 100%;
`;

const ListPicker = styled.ul`
  list-style: none;
  margin: 0 0 ${({ theme }) => theme.space.md};
  padding: 0;
  display: grid;
  gap: ${({ theme }) => theme.space.xs};
`;

const PickButton = styled.button`
  width: 100%;
  display: flex;
  justify-content: space-between;
  align-items: center;
  padding: ${({ theme }) => `${theme.space.sm} ${theme.space.md}`};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: transparent;
  color: inherit;
  font: inherit;
  cursor: pointer;
  &[aria-current="true"] {
    border-color: ${({ theme }) => theme.colors.primary};
    font-weight: 600;
  }
`;

const EditorBar = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
  form {
    display: flex;
    align-items: center;
    gap: ${({ theme }) => theme.space.sm};
  }
`;

const Tickers = styled.ol`
  margin: ${({ theme }) => theme.space.md} 0 0;
  padding: 0;
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.sm};
  li {
    display: inline-flex;
    align-items: center;
    gap: 2px;
    padding: 2px ${({ theme }) => theme.space.sm};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.md};
  }
`;
