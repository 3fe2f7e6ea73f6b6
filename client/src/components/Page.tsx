import { ReactNode, useEffect } from 'react';
import { defaultTitle, shop, shopDescription } from '../lib/shop';

function setMeta(name: string, content: string): void {
  document.querySelector(`meta[name="${name}"]`)?.setAttribute('content', content);
}

interface PageProps {
  /** The page's own title; the shop's default title when absent. */
  title?: string;
  description?: string;
  children: ReactNode;
}

/** Sets the document title and meta tags for the page it wraps. */
export function Page({ title, description, children }: PageProps) {
  useEffect(() => {
    document.title = title ? `${title} | ${shop.brand}` : defaultTitle();
    setMeta('description', description ?? shopDescription());
    setMeta('keywords', shop.keywords);
  }, [title, description]);
  return <>{children}</>;
}
