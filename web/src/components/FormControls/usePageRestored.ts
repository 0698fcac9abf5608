import { useEffect, useRef } from "react";

/**
 * Calls `onRestored` when the browser shows this page again from its back/forward
 * cache, e.g. after Back from checkout: a "Redirecting..." button must not stay disabled.
 */
export function usePageRestored(onRestored: () => void) {
  const callback = useRef(onRestored);
  useEffect(() => {
    callback.current = onRestored;
  });
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) callback.current();
    };
    window.addEventListener("pageshow", onPageShow);
    return () => window.removeEventListener("pageshow", onPageShow);
  }, []);
}
