import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { prefetchLikelyPages } from './app/router';
import { firstLanguage, switchLanguage } from './lib/i18n';

// A Hindi visit waits for its catalogue rather than flashing English first; if it cannot be
// fetched, the shop opens in English.
void switchLanguage(firstLanguage())
  .catch(() => switchLanguage('en'))
  .then(() => {
    createRoot(document.getElementById('root')!).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
    prefetchLikelyPages();
  });
