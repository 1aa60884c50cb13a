import type { Toast as ToastData } from "~/server/shelf/toast.server";

/** Rendered by the server; CSS hides it after 8 s, so it needs no script. */
export function Toast({ toast }: { toast: ToastData }) {
  return (
    <div className={`toast toast-${toast.kind}`} role={toast.kind === "error" ? "alert" : "status"}>
      {toast.text}
    </div>
  );
}
