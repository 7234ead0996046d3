import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { paths } from '@/config/paths';

interface BoundaryProps {
  children: ReactNode;
  resetKey: string;
}

/** A page that throws shows this instead of a blank screen; moving to another page resets it. */
class ErrorBoundary extends Component<BoundaryProps, { error: unknown; resetKey: string }> {
  override state = { error: null as unknown, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; resetKey: string }) {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown) {
    console.warn('A page failed to render', error);
  }

  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-4 py-24 text-center">
        <h1 className="font-display text-3xl font-bold">Something went wrong</h1>
        <p className="mt-3">Please reload the page. If it keeps happening, contact support@pledgeway.org.</p>
        <a href={paths.home} className="btn btn-primary mt-8">
          Return to Homepage
        </a>
      </section>
    );
  }
}

export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
