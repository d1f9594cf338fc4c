// Imported first by main.ts: zod decides when each schema is built whether to compile it with
// `new Function`, so this must run before @smoulder/protocol builds any (see its csp.ts).
import { validateWithoutEval } from '@smoulder/protocol/csp';

validateWithoutEval();
