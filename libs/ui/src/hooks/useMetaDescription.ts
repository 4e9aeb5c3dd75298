import { useEffect } from 'react';

/**
 * Sets `<meta name="description">` while the calling page is mounted (creating the tag if the
 * document has none) and puts the previous text back when it unmounts.
 */
export function useMetaDescription(description: string): void {
  useEffect(() => {
    let tag = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement('meta');
      tag.name = 'description';
      document.head.append(tag);
    }
    const previous = tag.content;
    tag.content = description;
    return () => {
      tag.content = previous;
    };
  }, [description]);
}
