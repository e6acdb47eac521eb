import { fileURLToPath } from 'node:url';

/** The built-in pack shipped with the package (packages/yara/rules), same path from src/ and dist/. */
export const BUILTIN_RULES_DIR = fileURLToPath(new URL('../rules/', import.meta.url));
