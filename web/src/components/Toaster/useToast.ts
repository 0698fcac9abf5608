import { createContext, useContext } from "react";

export type ToastVariant = "default" | "destructive";

/** A link under the toast's text (it closes the toast when followed). */
export interface ToastLink {
  label: string;
  href: string;
  /** Says, for screen readers, where else the link's page is found (the toast is not reached by Tab). */
  altText: string;
  /** The router's navigate (the toasts sit outside the router): an in-app link without a page load. */
  navigate?: (href: string) => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  link?: ToastLink;
}

export interface ToastApi {
  toast: (input: ToastInput) => { id: string; dismiss: () => void };
  dismiss: (id?: string) => void;
}

export const ToastContext = createContext<ToastApi | null>(null);

/** `const { toast } = useToast(); toast({ title, description, variant })`. Needs <Toaster> above. */
export function useToast(): ToastApi {
  const api = useContext(ToastContext);
  if (!api) throw new Error("useToast must be used inside <Toaster>");
  return api;
}
