#!/usr/bin/env node
/**
 * `npm run -s rules -- update | import DIR|ZIP`: installs community rule sets into
 * <data dir>/rules/{sigma,yara}, where the server and worker load them (and reload them when files
 * change). The work is @quarry/hunting's (rule-sets/), which the server's first start also runs;
 * this is only its command line.
 *   update: the newest SigmaHQ release and the YARA packs, with git (QUARRY_SIGMA_RULES_REPO and
 *           QUARRY_YARA_PACK_REPOS name mirrors).
 *   import: a copy for air-gapped machines (a directory or a zip: a SigmaHQ release, a YARA pack),
 *           every rule checked, licences kept; --name, --version and --engine override what the
 *           source says.
 */
import { parseArgs } from 'node:util';
import { loadEnv } from '@quarry/config';
import { RuleImportError, importRuleSet, ruleSources, updateRuleSets } from '@quarry/hunting';

const USAGE = `usage: npm run -s rules -- update
       npm run -s rules -- import DIR|ZIP [--name NAME] [--version VERSION] [--engine sigma|yara]`;

const env = loadEnv();
const log = (line) => console.log(line);
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { name: { type: 'string' }, version: { type: 'string' }, engine: { type: 'string' } },
});
const [command, source, ...extra] = positionals;

if (command === 'update' && source === undefined) {
  const sources = ruleSources({ sigmaRepo: env.QUARRY_SIGMA_RULES_REPO, yaraPackRepos: env.QUARRY_YARA_PACK_REPOS });
  const status = await updateRuleSets({ dataDir: env.QUARRY_DATA_DIR, sources, trigger: 'update', log });
  if (status.state !== 'installed') {
    console.error(`Not every set was updated (the others were left as they were):
${status.reason}
Without internet: run this on a connected machine and bring the sets over with \`npm run -s rules -- import DIR|ZIP\`,
or point QUARRY_SIGMA_RULES_REPO / QUARRY_YARA_PACK_REPOS at a mirror (see docs/operations.md).`);
    process.exit(1);
  }
  console.log('Rule sets updated; running servers and workers reload them within seconds.');
} else if (command === 'import' && source !== undefined && extra.length === 0 && [undefined, 'sigma', 'yara'].includes(values.engine)) {
  try {
    const status = await importRuleSet({ dataDir: env.QUARRY_DATA_DIR, source, engine: values.engine, name: values.name, version: values.version, log });
    const [set] = status.sets;
    console.log(`${set.name} ${set.version}: ${set.loaded} rules loaded, ${set.refused} refused. Running servers and workers reload it within seconds.`);
  } catch (err) {
    if (!(err instanceof RuleImportError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
} else {
  console.error(USAGE);
  process.exit(2);
}
