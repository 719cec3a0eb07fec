import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { Toaster } from 'sonner';
import { PageFallback } from './components/PageFallback.tsx';
import { createQueryClient } from './lib/query-client.ts';
import { TOAST_DURATION_MS } from './lib/toast.ts';
import { routes } from './routes.tsx';
import './index.css';

function App() {
  return <Suspense fallback={<PageFallback />}>{useRoutes(routes)}</Suspense>;
}

const queryClient = createQueryClient();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <App />
        <Toaster position="top-center" visibleToasts={1} duration={TOAST_DURATION_MS} richColors closeButton />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
