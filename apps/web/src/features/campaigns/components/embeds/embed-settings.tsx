import { useEffect, useState } from 'react';
import { EMBED_ORIGINS_MAX, EmbedOriginsRequest } from '@pledgeway/domain/schemas/embeds';
import { EmbedSnippets } from '@/components/campaign';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { ApiError } from '@/lib/api-client';
import { useEmbedOrigins, useSaveEmbedOrigins } from '../../api/embed-origins';

const linesOf = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

/** The host's list of sites allowed to frame the embed: one address a line, saved as a whole. */
function AllowedSites({ eventId }: { eventId: string }) {
  const query = useEmbedOrigins(eventId);
  const save = useSaveEmbedOrigins(eventId);
  const [text, setText] = useState('');
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; message: string } | null>(null);
  const saved = query.data?.data.origins;
  useEffect(() => {
    if (saved) setText(saved.join('\n'));
  }, [saved]);
  if (query.isPending) return <Spinner label="Loading the allowed sites" />;
  if (query.isError) return <p className="text-ink-600">{query.error.message || 'The allowed sites could not be loaded.'}</p>;

  async function submit() {
    setOutcome(null);
    const origins = linesOf(text);
    // The route's own schema first: a bad line is named at once, with the message the API would give.
    const checked = EmbedOriginsRequest.safeParse({ origins });
    if (!checked.success) {
      const issue = checked.error.issues[0]!;
      const line = issue.path[0] === 'origins' && typeof issue.path[1] === 'number' ? origins[issue.path[1]] : undefined;
      setOutcome({ tone: 'error', message: line === undefined ? issue.message : `${line}: ${issue.message}` });
      return;
    }
    try {
      const answer = await save.mutateAsync({ origins });
      // What was stored: each site once, lower-cased (origins are case-insensitive).
      setText(answer.data.origins.join('\n'));
      setOutcome({ tone: 'success', message: answer.message });
    } catch (error) {
      const fields = error instanceof ApiError ? error.fields : {};
      const line = Object.keys(fields).find((key) => key.startsWith('origins.'));
      const message = error instanceof Error ? error.message : 'The sites could not be saved. Please try again.';
      setOutcome({ tone: 'error', message: line ? `${origins[Number(line.split('.')[1])]}: ${fields[line]}` : message });
    }
  }

  return (
    <form
      noValidate
      className="grid gap-3"
      onSubmit={(formEvent) => {
        formEvent.preventDefault();
        void submit();
      }}
    >
      <Field
        label="Sites allowed to show the embed"
        hint={`One address a line, such as https://www.example.org; at most ${EMBED_ORIGINS_MAX}. No other site can frame it.`}
      >
        <Textarea rows={3} value={text} onChange={(changeEvent) => setText(changeEvent.target.value)} autoCapitalize="none" spellCheck={false} />
      </Field>
      {outcome && <Alert tone={outcome.tone}>{outcome.message}</Alert>}
      <Button type="submit" size="sm" className="justify-self-start" loading={save.isPending} loadingText="Saving…">
        Save allowed sites
      </Button>
    </form>
  );
}

/** Embed and stream overlay on the host's event summary: the snippets and the allowed sites. */
export function EmbedSettings({ eventId, eventName }: { eventId: string; eventName: string }) {
  return (
    <section id="embed" className="card grid gap-5 p-6" aria-labelledby="embed-heading">
      <div>
        <h2 id="embed-heading" className="text-lg font-semibold">
          Embed and stream overlay
        </h2>
        <p className="mt-1 text-sm text-ink-600">Show this campaign on your own site or over your live stream.</p>
      </div>
      <EmbedSnippets eventId={eventId} eventName={eventName} />
      <AllowedSites eventId={eventId} />
    </section>
  );
}
