/** `npm run typecheck [-- <tsc arguments>]`: `tsc -b` of the whole repository, on every core (scripts/lib.mjs). */
import { tsc } from './lib.mjs';

await tsc(['-b', ...process.argv.slice(2)]);
