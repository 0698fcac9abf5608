import type { SelectorStoreUpdater } from "relay-runtime";
import { GraphQLRequestError } from "../../relay/environment";
import type { ToastApi } from "../Toaster/useToast";
import { statusLabel } from "./PlanSummary";

interface RefreshSubscriptionResponse {
  readonly refreshSubscription: { readonly status: string };
}

/**
 * The commit callbacks of a `refreshSubscription` mutation: the viewer's plan
 * becomes the fresh record (PlanStatus has no id of its own, so every view of
 * the plan updates), and a toast reports the new status or the failure
 * (`errorFallback` when the error is not the server's own message).
 */
export function refreshSubscriptionCallbacks<TResponse extends RefreshSubscriptionResponse>(
  toast: ToastApi["toast"],
  errorFallback: string,
) {
  const updater: SelectorStoreUpdater<TResponse> = (store) => {
    const fresh = store.getRootField("refreshSubscription");
    const viewerRecord = store.getRoot().getLinkedRecord("viewer");
    if (fresh && viewerRecord) viewerRecord.setLinkedRecord(fresh, "plan");
  };
  return {
    updater,
    onCompleted: ({ refreshSubscription }: TResponse) => {
      toast({ title: "Subscription Refreshed", description: `Status: ${statusLabel(refreshSubscription.status)}.` });
    },
    onError: (error: Error) => {
      toast({
        title: "Refresh Failed",
        description: error instanceof GraphQLRequestError ? error.message : errorFallback,
        variant: "destructive",
      });
    },
  };
}
