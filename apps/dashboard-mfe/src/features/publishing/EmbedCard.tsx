import { useEffect, useRef, useState } from 'react';
import { type Business } from '@slotwise/contracts';
import { Alert, Button, Skeleton, Tabs, TabsContent, TabsList, TabsTrigger } from '@slotwise/ui';
import { SectionCard } from '../owner';
import { copyText } from './booking-link';
import { EMBED_MODES, type EmbedMode, embedPreviewUrl, embedSnippet } from './embed-snippet';

/**
 * The widget itself in a frame, sized by its height messages (only from this origin and this
 * frame), as a customer would see it inline or inside the popup.
 */
function EmbedPreview({ slug }: { slug: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState<number | null>(null);
  const [ready, setReady] = useState(false);

  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      const data = event.data as { source?: string; frame?: string; type?: string; data?: unknown };
      if (event.origin !== window.location.origin) return;
      if (event.source !== frame.current?.contentWindow || data?.source !== 'slotwise') return;
      if (data.type === 'ready') setReady(true);
      if (data.type === 'resize') {
        const next = Number((data.data as { height?: unknown } | undefined)?.height);
        if (next > 0) setHeight(Math.min(Math.ceil(next), 4000));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  return (
    <div className="pub-embed-preview">
      {!ready && (
        <div role="status" aria-live="polite" className="pub-embed-preview__loading">
          <span className="sw-visually-hidden">Loading the preview…</span>
          <Skeleton height={28} width="50%" />
          <Skeleton height={240} radius={14} />
        </div>
      )}
      <iframe
        ref={frame}
        src={embedPreviewUrl(slug)}
        title="Preview of your booking widget"
        className="pub-embed-preview__frame"
        style={{ height: height ?? 640, visibility: ready ? 'visible' : 'hidden' }}
      />
    </div>
  );
}

/** Settings → Publishing: 'Add to your website', a snippet per mode with Copy and a preview. */
export function EmbedCard({ business }: { business: Business }) {
  const [mode, setMode] = useState<EmbedMode>('inline');
  const hidden = business.publishingEnabled === false;
  return (
    <SectionCard
      id="embed-title"
      title="Add to your website"
      description="Paste one of these snippets into your website's HTML. Customers book without leaving your site; your site's styles cannot change the booking flow."
    >
      {hidden && (
        <Alert variant="warning" title="Your booking page is off">
          The widget shows &lsquo;Business Not Found&rsquo; until you switch your booking page on
          (Settings → General).
        </Alert>
      )}
      <Tabs value={mode} onValueChange={(value) => setMode(value as EmbedMode)}>
        <TabsList aria-label="Widget style">
          {EMBED_MODES.map((m) => (
            <TabsTrigger key={m.value} value={m.value}>
              {m.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {EMBED_MODES.map((m) => {
          const snippet = embedSnippet(m.value, business.slug);
          return (
            <TabsContent key={m.value} value={m.value}>
              <div className="sw-stack">
                <p className="sw-field__hint">{m.description}</p>
                <pre className="pub-snippet" aria-label={`${m.label} snippet`}>
                  <code>{snippet}</code>
                </pre>
                <div className="sw-row sw-row--end">
                  <Button
                    variant="secondary"
                    size="sm"
                    onClick={() => void copyText(snippet, 'Snippet copied', 'snippet')}
                  >
                    Copy Snippet
                  </Button>
                </div>
              </div>
            </TabsContent>
          );
        })}
      </Tabs>
      <h3 className="pub-embed-heading">Preview</h3>
      {mode !== 'inline' && (
        <p className="sw-field__hint">
          {mode === 'popup'
            ? 'Your button opens this over your page.'
            : "The 'Book now' button in the corner opens this over your page."}
        </p>
      )}
      <EmbedPreview slug={business.slug} />
    </SectionCard>
  );
}
