import { describe, expect, it } from 'vitest';
import { embedPreviewUrl, embedSnippet } from './embed-snippet';

const ORIGIN = 'https://app.slotwise.com.au';

describe('embedSnippet', () => {
  it('loads /embed.js async after the queue stub, for each mode', () => {
    for (const mode of ['inline', 'popup', 'floating'] as const) {
      const snippet = embedSnippet(mode, 'harbour-hair-studio', ORIGIN);
      expect(snippet).toContain(`<script async src="${ORIGIN}/embed.js"></script>`);
      expect(snippet).toContain('(Slotwise.q = Slotwise.q || []).push(arguments)');
      expect(snippet).toContain(`Slotwise('${mode}', { business: 'harbour-hair-studio'`);
      // The stub and the call come before the loader, which replays the queue.
      expect(snippet.indexOf('Slotwise.q')).toBeLessThan(snippet.indexOf('embed.js'));
    }
  });

  it('gives inline its element and popup its button', () => {
    expect(embedSnippet('inline', 'a-b', ORIGIN)).toMatch(
      /^<div id="slotwise-booking"><\/div>[\s\S]*target: '#slotwise-booking'/,
    );
    expect(embedSnippet('popup', 'a-b', ORIGIN)).toMatch(
      /^<button type="button" id="slotwise-book">Book now<\/button>[\s\S]*trigger: '#slotwise-book'/,
    );
    expect(embedSnippet('floating', 'a-b', ORIGIN)).toMatch(/^<script>/);
  });
});

describe('embedPreviewUrl', () => {
  it("is the widget's page, its messages addressed to this origin", () => {
    expect(embedPreviewUrl('harbour hair', ORIGIN)).toBe(
      `${ORIGIN}/embed/harbour%20hair?origin=https%3A%2F%2Fapp.slotwise.com.au&frame=preview`,
    );
  });
});
