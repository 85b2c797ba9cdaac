import { useEffect } from 'react';
import { getBrand } from '@/shared/brand/brand';

/** Sets the document title: "<title> · <brand>" (§9 "The page title can be set by a helper"). */
export function setPageTitle(title: string): void {
  const brandName = getBrand().brandName;
  document.title = title ? `${title} · ${brandName}` : brandName;
}

export function usePageTitle(title: string): void {
  useEffect(() => {
    setPageTitle(title);
  }, [title]);
}
