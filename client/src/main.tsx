import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, openInFirstLanguage } from './app/App';
import { prefetchLikelyPages } from './app/router';

void openInFirstLanguage().then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
  prefetchLikelyPages();
});
