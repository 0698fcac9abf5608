import * as ToastPrimitive from "@radix-ui/react-toast";
import styled, { css } from "styled-components";
import type { ToastItem } from "./Toaster";
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_MAX_WIDTH, TOAST_SWIPE_THRESHOLD_PX } from "./toastConfig";
import type { ToastLink, ToastVariant } from "./useToast";

/** The toasts and their viewport (Radix Toast): swipe right or the close button dismisses, F8 focuses. */
export default function ToastViewport({ toasts, dismiss }: { toasts: ToastItem[]; dismiss: (id: string) => void }) {
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}>
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
            {t.link ? <ToastLinkAction link={t.link} onFollowed={() => dismiss(t.id)} /> : null}
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
  );
}

/**
 * The toast's link: a plain click is followed by the router (no page load), anything else (a new
 * tab) by the browser. Either way the toast closes (Radix's action closes it unless the click's
 * default was prevented, so the router's case closes it itself).
 */
function ToastLinkAction({ link, onFollowed }: { link: ToastLink; onFollowed: () => void }) {
  return (
    <ToastPrimitive.Action altText={link.altText} asChild>
      <ActionLink
        href={link.href}
        onClick={(event) => {
          if (!link.navigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          link.navigate(link.href);
          onFollowed();
        }}
      >
        {link.label}
      </ActionLink>
    </ToastPrimitive.Action>
  );
}

/**
 * Bottom of the screen, clear of a phone's safe areas (home indicator, rounded corners, notch in
 * landscape): full width less a margin on phones, at most TOAST_MAX_WIDTH and only as wide as the
 * text on wider screens, so it covers as little of the page as it can. The viewport itself lets
 * clicks through (it stays mounted, empty, after a toast closes); only a toast takes them.
 */
const Viewport = styled(ToastPrimitive.Viewport)`
  position: fixed;
  right: env(safe-area-inset-right, 0px);
  bottom: env(safe-area-inset-bottom, 0px);
  left: env(safe-area-inset-left, 0px);
  z-index: 100;
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.space.sm};
  margin: 0;
  padding: ${({ theme }) => theme.space.sm};
  list-style: none;
  outline: none;
  pointer-events: none;
  & > li { pointer-events: auto; }
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    left: auto;
    width: max-content;
    max-width: min(${TOAST_MAX_WIDTH}, 100vw);
    padding: ${({ theme }) => theme.space.md};
  }
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

// min-width 0 and anywhere-wrapping: a long word or address wraps instead of pushing the toast off a phone's screen.
const ToastText = styled.div`
  display: grid;
  gap: 2px;
  min-width: 0;
  overflow-wrap: anywhere;
`;

const ToastTitle = styled.div`
  font-weight: 600;
  font-size: ${({ theme }) => theme.fontSizes.sm};
`;

const ToastDescription = styled.div`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  opacity: 0.9;
`;

const ActionLink = styled.a`
  justify-self: start;
  color: inherit;
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 600;
  text-decoration: underline;
  text-underline-offset: 3px;
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
