// First: style elements this page's code adds carry the page's CSP nonce (csp-nonce.ts).
import '@/app/csp-nonce';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { Providers } from '@/app/providers';
import { ConsoleRoutes } from '@/app/routes';
import '@/app/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <BrowserRouter basename="/console">
        <ConsoleRoutes />
      </BrowserRouter>
    </Providers>
  </StrictMode>,
);
