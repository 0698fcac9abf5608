type StoredCookie = { value: string; path: string };

/**
 * Just enough of a browser for redirect-based sign-in flows: fetch with a
 * cookie jar per origin (scheme, host and port, so the app's and the
 * provider's cookies stay apart on 127.0.0.1) honouring cookie paths and
 * deletions, and redirects followed one by one so a test can stop or tamper
 * with any hop.
 */
export class TestBrowser {
  private readonly jars = new Map<string, Map<string, StoredCookie>>();

  /** One request, redirects not followed; stores the cookies it sets. */
  async fetch(url: string | URL, init: RequestInit = {}): Promise<Response> {
    const target = new URL(url);
    const headers = new Headers(init.headers);
    const cookie = this.cookieHeader(target);
    if (cookie) headers.set("cookie", cookie);
    const response = await fetch(target, { ...init, headers, redirect: "manual" });
    this.store(target, response.headers.getSetCookie());
    return response;
  }

  /**
   * Navigates to `url` and follows redirects until one points where `stopAt`
   * says (that URL is returned, not fetched) or a page answers without a redirect.
   */
  async navigate(url: string | URL, stopAt: (next: URL) => boolean): Promise<URL> {
    let current = new URL(url);
    for (let hop = 0; hop < 20; hop += 1) {
      const response = await this.fetch(current);
      await response.arrayBuffer();
      const location = response.headers.get("location");
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`${current.href} answered ${response.status} without a redirect`);
      }
      current = new URL(location, current);
      if (stopAt(current)) return current;
    }
    throw new Error("too many redirects");
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jars.get(origin)?.get(name)?.value;
  }

  private cookieHeader(url: URL): string {
    const jar = this.jars.get(url.origin) ?? new Map<string, StoredCookie>();
    return [...jar]
      .filter(([, cookie]) => url.pathname === cookie.path || url.pathname.startsWith(cookie.path.replace(/\/?$/, "/")))
      .map(([name, cookie]) => `${name}=${cookie.value}`)
      .join("; ");
  }

  private store(url: URL, setCookies: string[]) {
    const jar = this.jars.get(url.origin) ?? new Map<string, StoredCookie>();
    this.jars.set(url.origin, jar);
    for (const setCookie of setCookies) {
      const [pair, ...attributes] = setCookie.split(";").map((part) => part.trim());
      const separator = pair.indexOf("=");
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const attribute = (key: string) =>
        attributes.find((a) => a.toLowerCase().startsWith(`${key}=`))?.slice(key.length + 1);
      const maxAge = attribute("max-age");
      const expires = attribute("expires");
      const deleted =
        (maxAge !== undefined && Number(maxAge) <= 0) || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (deleted) jar.delete(name);
      else jar.set(name, { value, path: attribute("path") ?? "/" });
    }
  }
}
