import * as ToastPrimitive from "@radix-ui/react-toast";
import { useCallback, useEffect, useMemo, useReducer, useRef, type ReactNode } from "react";
import styled, { css } from "styled-components";
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_LIMIT,
  TOAST_MAX_WIDTH,
  TOAST_REMOVE_DELAY_MS,
  TOAST_SWIPE_THRESHOLD_PX,
} from "./toastConfig";
import { ToastContext, type ToastApi, type ToastInput, type ToastVariant } from "./useToast";

interface ToastItem extends ToastInput {
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

/** Provides useToast() to its children and renders the toast viewport (Radix Toast). */
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
      <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
        {children}
        {toasts.map((t) => (
          <ToastRoot
            key={t.id}
            open={t.open}
            $variant={t.variant ?? "default"}
            type={t.variant === "destructive" ? "foreground" : "background"}
            onOpenChange={(open) => {
              if (!open) dismiss(t.id);
            }}
          >
            <ToastText>
              <ToastPrimitive.Title asChild>
                <ToastTitle>{t.title}</ToastTitle>
              </ToastPrimitive.Title>
              {t.description ? (
                <ToastPrimitive.Description asChild>
                  <ToastDescription>{t.description}</ToastDescription>
                </ToastPrimitive.Description>
              ) : null}
            </ToastText>
            <ToastPrimitive.Close asChild>
              <CloseButton type="button" aria-label="Close notification">
                <span aria-hidden="true">×</span>
              </CloseButton>
            </ToastPrimitive.Close>
          </ToastRoot>
        ))}
        <Viewport hotkey={TOAST_HOTKEY} label="Notifications ({hotkey})" />
      </ToastPrimitive.Provider>
    </ToastContext.Provider>
  );
}

const Viewport = styled(ToastPrimitive.Viewport)`
  position: fixed;
  bottom: 0;
  right: 0;
  z-index: 100;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  width: 100%;
  max-width: ${TOAST_MAX_WIDTH};
  margin: 0;
  padding: ${({ theme }) => theme.space.md};
  list-style: none;
  outline: none;
`;

const ToastRoot = styled(ToastPrimitive.Root)<{ $variant: ToastVariant }>`
  display: flex;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.md};
  padding: ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.md};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  box-shadow: ${({ theme }) => theme.colors.shadow};
  ${({ $variant, theme }) =>
    $variant === "destructive" &&
    css`
      background: ${theme.colors.danger};
      border-color: ${theme.colors.danger};
      color: ${theme.colors.dangerText};
    `}

  &[data-swipe="move"] { transform: translateX(var(--radix-toast-swipe-move-x)); }
  &[data-swipe="cancel"] { transform: translateX(0); transition: transform 200ms ease-out; }
  &[data-swipe="end"] { transform: translateX(var(--radix-toast-swipe-end-x)); }
`;

const ToastText = styled.div`
  display: grid;
  gap: 2px;
`;

const ToastTitle = styled.div`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const ToastDescription = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  opacity: 0.9;
`;

const CloseButton = styled.button`
  flex: none;
  width: 28px;
  height: 28px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  cursor: pointer;
  font-size: 1.25rem;
  line-height: 1;
  opacity: 0.75;
  &:hover { opacity: 1; }
`;
