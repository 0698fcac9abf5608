import { createContext, useContext } from "react";

export type ToastVariant = "default" | "destructive";

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
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
