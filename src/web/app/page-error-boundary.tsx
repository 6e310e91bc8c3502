import { Component, type ReactNode } from "react";
import { messages } from "../../core/messages/first-screen";
import { Button } from "../ui/button";
import { LogoMark } from "../ui/logo";

type Props = { resetKey: string; children: ReactNode };
type State = { failed: boolean; key: string };

/**
 * A page whose code could not be loaded (after retryImport's retries) shows what happened and a reload, never a
 * blank screen. Going to another route clears it. React's error boundaries are classes only.
 */
export class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return <PageLoadFailed />;
  }
}

export function PageLoadFailed() {
  return (
    <div
      role="alert"
      data-testid="page-load-failed"
      className="flex min-h-dvh flex-col items-center justify-center gap-4 bg-slate-50 px-6 text-center dark:bg-slate-950"
    >
      <LogoMark className="size-12" />
      <h1 className="text-xl font-semibold tracking-tight text-slate-900 dark:text-white">
        {messages.pwa.pageLoadFailedTitle}
      </h1>
      <p className="max-w-sm text-sm text-slate-600 dark:text-slate-300">{messages.pwa.pageLoadFailed}</p>
      <Button variant="primary" onClick={() => window.location.reload()}>
        {messages.pwa.reload}
      </Button>
    </div>
  );
}
