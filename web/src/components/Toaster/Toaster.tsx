import { lazy, Suspense, useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from "react";
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from "./toastConfig";
import { ToastContext, type ToastApi, type ToastInput } from "./useToast";

// Radix Toast (and the layers under it) loads with the first toast, not with the entry chunk.
const ToastViewport = lazy(() => import("./ToastViewport"));

export interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

type Action = { type: "add"; toast: ToastItem } | { type: "dismiss"; id?: string } | { type: "remove"; id: string };

function reducer(state: ToastItem[], action: Action): ToastItem[] {
  switch (action.type) {
    case "add":
      // Newest first; only TOAST_LIMIT toasts exist at once.
      return [action.toast, ...state].slice(0, TOAST_LIMIT);
    case "dismiss":
      return state.map((t) => (action.id === undefined || t.id === action.id ? { ...t, open: false } : t));
    case "remove":
      return state.filter((t) => t.id !== action.id);
  }
}

let counter = 0;

/** Provides useToast() to its children and, once there is a toast, renders the toast viewport (Radix Toast). */
export function Toaster({ children }: { children: ReactNode }) {
  const [toasts, dispatch] = useReducer(reducer, []);
  const removeTimers = useRef(new Map<string, ReturnType<typeof setTimeout>>());

  const scheduleRemoval = useCallback((id: string) => {
    if (removeTimers.current.has(id)) return;
    const timer = setTimeout(() => {
      removeTimers.current.delete(id);
      dispatch({ type: "remove", id });
    }, TOAST_REMOVE_DELAY_MS);
    removeTimers.current.set(id, timer);
  }, []);

  useEffect(() => {
    const timers = removeTimers.current;
    return () => timers.forEach((timer) => clearTimeout(timer));
  }, []);

  const dismiss = useCallback(
    (id?: string) => {
      dispatch({ type: "dismiss", id });
      if (id) scheduleRemoval(id);
    },
    [scheduleRemoval],
  );

  const api = useMemo<ToastApi>(
    () => ({
      toast: (input) => {
        counter += 1;
        const id = `toast-${counter}`;
        dispatch({ type: "add", toast: { ...input, id, open: true } });
        return { id, dismiss: () => dismiss(id) };
      },
      dismiss,
    }),
    [dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      {toasts.length > 0 ? (
        <Suspense fallback={null}>
          <ToastViewport toasts={toasts} dismiss={dismiss} />
        </Suspense>
      ) : null}
    </ToastContext.Provider>
  );
}
