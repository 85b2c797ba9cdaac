import type { ReactNode } from 'react';
import Card from 'antd/es/card';
import Typography from 'antd/es/typography';
import { LanguageSwitch } from '@/shared/ui/language-switch';

/** A page outside the console's frame (signing in, setting up): the language switch over a card with the page's title. */
export function CardPage({ title, maxWidth, children }: { title: ReactNode; maxWidth: number; children: ReactNode }) {
  return (
    <main style={{ maxWidth, margin: '48px auto', padding: 16 }}>
      <div style={{ display: 'flex', justifyContent: 'flex-end', marginBottom: 8 }}>
        <LanguageSwitch />
      </div>
      <Card>
        <Typography.Title level={1} style={{ fontSize: 24 }}>
          {title}
        </Typography.Title>
        {children}
      </Card>
    </main>
  );
}
