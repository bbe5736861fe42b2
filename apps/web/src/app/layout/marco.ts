import { createContext } from 'react';

/**
 * Whether a page is drawn inside the app's frame, whose <main> already holds it: a full-page
 * message (the 404, an error) is then a plain block, and its own <main> only where it stands alone.
 * Its own module, so the pages that read it do not pull the lazily loaded layout into the entry.
 */
export const DentroDelMarco = createContext(false);
