// The app's navigation: the spec's tabs (§2 "Navigation and shell") grouped, with the Pro pages
// that had no link. Used by the header's menus, the phone menu and the avatar menu.

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

export const MAIN_NAV: readonly NavEntry[] = [
  { label: "Home", to: "/" },
  {
    label: "Screeners",
    pages: [
      { label: "Basic Screener", to: "/screener" },
      { label: "Combined Screener", to: "/combined-screener", pro: true },
      { label: "Pro Screener", to: "/pro-screener", pro: true },
    ],
  },
  {
    label: "Research",
    pages: [
      { label: "News Analysis", to: "/news-analysis" },
      { label: "Research & Compare", to: "/research-compare", pro: true },
      { label: "Earnings Predictor", to: "/earnings-predictor", pro: true },
      { label: "Hedge Fund Tracker", to: "/hedge-fund-tracker", pro: true },
      { label: "Market Videos", to: "/market-videos", pro: true },
    ],
  },
  {
    label: "AI & Pro",
    pages: [
      { label: "AI Intelligence", to: "/ai-features", pro: true },
      { label: "Pricing", to: "/pricing" },
    ],
  },
  { label: "Contact", to: "/contact" },
];

/** Every Pro page, in menu order: the avatar menu lists them for Pro users. */
export const PRO_PAGES: readonly NavPage[] = MAIN_NAV.flatMap((entry) => (isNavGroup(entry) ? entry.pages : [entry])).filter((page) => page.pro);

/** Whether `pathname` is `to` (Home only on "/" itself). */
export function isCurrentPage(pathname: string, to: string): boolean {
  return to === "/" ? pathname === "/" : pathname === to || pathname.startsWith(`${to}/`);
}
