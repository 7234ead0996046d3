import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { home } from '@/features/marketing/content/home';
import { useAuth } from '@/lib/auth';
import { Button, buttonClasses } from '@/components/ui/button';
import { Dialog, DialogFooter } from '@/components/ui/dialog';

/**
 * Practice Campaign and Create Campaign: logged in they go to the wizard; logged out they open
 * The modal of docs/product.md#home asking the visitor to log in first.
 */
export function CallsToAction() {
  const { status } = useAuth();
  const navigate = useNavigate();
  const [promptOpen, setPromptOpen] = useState(false);
  const prompt = home.loginPrompt;

  function go(href: string) {
    if (status === 'authenticated') navigate(href);
    else setPromptOpen(true);
  }

  return (
    <section aria-label="Start a campaign" className="container-page py-16 md:py-24">
      <div className="grid gap-6 md:grid-cols-2">
        {home.callsToAction.map((cta, index) => (
          <div key={cta.buttonLabel} className={index === 0 ? 'rounded-3xl bg-cream p-8 md:p-12' : 'rounded-3xl bg-ink-900 p-8 text-white md:p-12'}>
            <h2 className={`text-2xl font-bold md:text-3xl ${index === 0 ? '' : 'text-white'}`}>{cta.title}</h2>
            <p className={`mt-3 max-w-md text-lg ${index === 0 ? 'text-ink-700' : 'text-ink-100'}`}>{cta.body}</p>
            <Button variant={index === 0 ? 'dark' : 'primary'} size="lg" className="mt-8" onClick={() => go(cta.href)}>
              {cta.buttonLabel}
            </Button>
          </div>
        ))}
      </div>

      <Dialog open={promptOpen} onOpenChange={setPromptOpen} title={prompt.message} size="sm">
        <DialogFooter className="mt-2">
          <Button variant="ghost" onClick={() => setPromptOpen(false)}>
            {prompt.cancelLabel}
          </Button>
          <Link to={prompt.confirmHref} className={buttonClasses()} onClick={() => setPromptOpen(false)}>
            {prompt.confirmLabel}
          </Link>
        </DialogFooter>
      </Dialog>
    </section>
  );
}
