import { Notice } from "../Notice/Notice";
import { Button } from "../ui/Button";

/** Figures the server is still computing (the first start's AI picks pass): its message and a button to ask again. */
export function ComputingNotice({ title, message, onRefresh }: { title: string; message: string | null | undefined; onRefresh: () => void }) {
  return (
    <Notice title={title}>
      <p>{message ?? "They appear here in a few seconds."} Refresh in a few seconds.</p>
      <p>
        <Button type="button" $size="sm" $variant="secondary" onClick={onRefresh}>
          Check again
        </Button>
      </p>
    </Notice>
  );
}
