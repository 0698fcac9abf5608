// The app's navigation, from the route table: the spec's tabs (§2 "Navigation and shell") grouped
// into menus. Used by the header's menus, the phone menu and the avatar menu.
import { APP_ROUTES } from "../../routing/routeTable";

export interface NavPage {
  label: string;
  to: string;
  /** A Pro page: marked for visitors and Basic users, who see its gate when they open it. */
  pro?: boolean;
}

export interface NavGroup {
  label: string;
  pages: readonly NavPage[];
}

export type NavEntry = NavPage | NavGroup;

export const isNavGroup = (entry: NavEntry): entry is NavGroup => "pages" in entry;

/** Where visitors and Basic users start the 7-day trial (straight into checkout); never shown to Pro users. */
export const START_TRIAL_PAGE: NavPage = { label: "Start the 7-day Pro trial", to: "/direct-stripe" };

/** The routes with a `nav` entry, in the route table's order: top-level links, and menus made of the groups. */
export const MAIN_NAV: readonly NavEntry[] = APP_ROUTES.reduce<NavEntry[]>((entries, { path, nav }) => {
  if (!nav) return entries;
  const page: NavPage = { label: nav.label, to: path, ...(nav.pro ? { pro: true } : {}) };
  if (!nav.group) return [...entries, page];
  const group = entries.find((entry): entry is NavGroup => isNavGroup(entry) && entry.label === nav.group);
  if (!group) return [...entries, { label: nav.group, pages: [page] }];
  return entries.map((entry) => (entry === group ? { ...group, pages: [...group.pages, page] } : entry));
}, []);

/** Every Pro page, in menu order: the avatar menu lists them for Pro users. */
export const PRO_PAGES: readonly NavPage[] = MAIN_NAV.flatMap((entry) => (isNavGroup(entry) ? entry.pages : [entry])).filter((page) => page.pro);

/** Whether `pathname` is `to` (Home only on "/" itself). */
export function isCurrentPage(pathname: string, to: string): boolean {
  return to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
}
