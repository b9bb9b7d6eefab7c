import { z } from 'zod';

// Zod probes for `new Function` the first time it parses an object; the page's CSP (script-src
// 'self', no 'unsafe-eval') refuses it and the browser reports a violation on every page. Without
// the probe zod parses the same, only without its compiled fast path, which forms do not need.
z.config({ jitless: true });
