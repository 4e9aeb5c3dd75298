// The smallest React app: the floor every initial-JS figure is compared with.
import { createElement } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(createElement('h1', null, 'Hello'));
