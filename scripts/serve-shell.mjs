// `npm start` until the embedded service serves the dashboard itself: serves the built
// dashboard on PORT (default 4100) and prints its URL.
import { preview } from 'vite';

const port = Number(process.env.PORT ?? 4100);
const server = await preview({ preview: { host: '127.0.0.1', port, strictPort: true } });
const url = server.resolvedUrls?.local[0] ?? `http://127.0.0.1:${port}/`;
console.log(`Odds Explorer is running at ${url}`);
