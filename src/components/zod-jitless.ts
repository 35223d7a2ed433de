// Imported first by every browser entry (the page and the stream worker): zod compiles object
// parsers with `new Function` unless told not to, and probing for it is itself a violation of the
// dashboard's Content-Security-Policy (no 'unsafe-eval'). Under that policy zod would fall back to
// the interpreted parser anyway; this makes the choice explicit and keeps the console clean.
import { z } from 'zod';

z.config({ jitless: true });
