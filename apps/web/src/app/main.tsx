import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import 'antd-mobile/es/global';
import '@/app/global.css';
import { Providers } from '@/app/providers';
import { createAppRouter } from '@/app/router';
import { applyBrandTheme } from '@/shared/brand/brand';
import { initLanguage } from '@/shared/i18n/language-store';
import { setupAntdForReact19 } from '@/shared/ui/antd-react-19';

setupAntdForReact19();
initLanguage();
applyBrandTheme();

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <Providers>
      <RouterProvider router={createAppRouter()} />
    </Providers>
  </StrictMode>,
);
