import '@fontsource-variable/inter';
import { createRoot } from 'react-dom/client';
import { Playground } from './Playground.tsx';
import './playground.css';

createRoot(document.getElementById('root')!).render(<Playground />);
