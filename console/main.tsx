// The operator console's web app: sign in, then tenants, accounts, publish and the event
// dashboard, routed by the URL's fragment. Served at /admin/ by the embedded server
// (server/hosts/admin-console.ts); it imports the contract only.
import './console.css';
import { createRoot } from 'react-dom/client';
import { App } from './App.tsx';

createRoot(document.getElementById('console')!).render(<App />);
